import Foundation
package import ScrolleryCore

/// The pages of a build in the order they were recorded, kept in a file rather than in memory, so a build
/// of 100,000 pages holds none of their records: each page's name, render key and whether it changed are
/// appended through a 64 KiB buffer and read back in order, as often as needed.
///
/// The file is made in the staging folder and unlinked at once: it never reaches the output, and it is
/// gone with the build however the build ends.
package final class PageLog {
    package struct Entry {
        package let name: PageName
        package let changed: Bool
        package let key: Fingerprint.Digest
    }

    /// How many pages were appended.
    package private(set) var count = 0
    /// The open file, or -1 once closed.
    private var descriptor: Int32
    /// The folder the file was made in, for errors.
    private let folder: String
    private var buffer: [UInt8] = []
    /// Bytes already in the file.
    private var written = 0
    private static let capacity = 64 * 1024
    // A record: key (16 bytes), flags (1), name length (4), name (list number in decimal, or the slug).
    private static let headerSize = 21
    private static let changedFlag: UInt8 = 1
    private static let itemFlag: UInt8 = 2
    private static let groupFlag: UInt8 = 4

    /// - Parameter folder: where the file is made (and at once unlinked).
    package init(in folder: OpenFolder) throws {
        let name = ".scrollery-pages-\(UUID().uuidString)"
        let descriptor = openat(folder.descriptor, name, O_RDWR | O_CREAT | O_EXCL | O_CLOEXEC, 0o600)
        let failure = errno
        guard descriptor >= 0, unlinkat(folder.descriptor, name, 0) == 0 else {
            let failure = descriptor >= 0 ? errno : failure
            if descriptor >= 0 { SystemCalls.close(descriptor) }
            throw OutputError(
                path: folder.path + "/" + name,
                problem: "cannot be created (\(String(cString: strerror(failure)))): the build lists its pages there.")
        }
        self.descriptor = descriptor
        self.folder = folder.path
        buffer.reserveCapacity(Self.capacity)
    }

    deinit {
        close()
    }

    /// Closes the file (before the staging folder is swapped in or removed: on a network file system an
    /// open, unlinked file is still there under another name). Reading or appending after is an error.
    package func close() {
        guard descriptor >= 0 else { return }
        SystemCalls.close(descriptor)
        descriptor = -1
    }

    package func append(_ name: PageName, changed: Bool, key: Fingerprint.Digest) throws {
        withUnsafeBytes(of: key.high.littleEndian) { buffer.append(contentsOf: $0) }
        withUnsafeBytes(of: key.low.littleEndian) { buffer.append(contentsOf: $0) }
        var text: String
        switch name {
        case .list(let number):
            text = String(number)
            buffer.append(changed ? Self.changedFlag : 0)
        case .item(let slug):
            text = slug
            buffer.append((changed ? Self.changedFlag : 0) | Self.itemFlag)
        case .group(let file):
            text = file
            buffer.append((changed ? Self.changedFlag : 0) | Self.groupFlag)
        }
        text.withUTF8 { bytes in
            withUnsafeBytes(of: UInt32(bytes.count).littleEndian) { buffer.append(contentsOf: $0) }
            buffer.append(contentsOf: bytes)
        }
        count += 1
        if buffer.count >= Self.capacity { try flush() }
    }

    /// Every page in the order it was appended.
    package func forEach(_ body: (Entry) throws -> Void) throws {
        try flush()
        var window: [UInt8] = []
        var chunk = [UInt8](repeating: 0, count: Self.capacity)
        var offset = 0
        while offset < written {
            let wanted = min(chunk.count, written - offset)
            let read = chunk.withUnsafeMutableBytes { pread(descriptor, $0.baseAddress, wanted, off_t(offset)) }
            if read < 0, errno == EINTR { continue }
            guard read > 0 else { throw failed(read < 0 ? errno : EIO) }
            offset += read
            window.append(contentsOf: chunk[..<read])
            guard let used = try window.withUnsafeBytes({ try Self.entries(in: $0, body) }) else {
                throw failed(EIO)
            }
            window.removeFirst(used)
        }
        guard window.isEmpty else { throw failed(EIO) }
    }

    /// Hands each whole record in `bytes` to `body`.
    /// - Returns: the bytes used, or `nil` for a record that cannot be read.
    private static func entries(in bytes: UnsafeRawBufferPointer, _ body: (Entry) throws -> Void) throws -> Int? {
        var start = 0
        while bytes.count - start >= headerSize {
            let length = Int(UInt32(littleEndian: bytes.loadUnaligned(fromByteOffset: start + 17, as: UInt32.self)))
            guard bytes.count - start - headerSize >= length else { break }
            let key = Fingerprint.Digest(
                high: UInt64(littleEndian: bytes.loadUnaligned(fromByteOffset: start, as: UInt64.self)),
                low: UInt64(littleEndian: bytes.loadUnaligned(fromByteOffset: start + 8, as: UInt64.self)))
            let flags = bytes[start + 16]
            let text = String(decoding: bytes[(start + headerSize)..<(start + headerSize + length)], as: UTF8.self)
            let name: PageName
            if flags & itemFlag != 0 {
                name = .item(slug: text)
            } else if flags & groupFlag != 0 {
                name = .group(file: text)
            } else {
                guard let number = Int(text) else { return nil }
                name = .list(number)
            }
            try body(Entry(name: name, changed: flags & changedFlag != 0, key: key))
            start += headerSize + length
        }
        return start
    }

    /// Writes what is buffered at the end of the file.
    private func flush() throws {
        guard !buffer.isEmpty else { return }
        do {
            try buffer.withUnsafeBytes { try POSIXFailure.writeAll($0, to: descriptor) }
        } catch let failure as POSIXFailure {
            throw failed(failure.errno)
        }
        written += buffer.count
        buffer.removeAll(keepingCapacity: true)
    }

    private func failed(_ code: Int32) -> OutputError {
        OutputError(
            path: folder,
            problem: "could not hold the list of the build's pages (\(String(cString: strerror(code)))); "
                + "check the free space there and build again.")
    }
}

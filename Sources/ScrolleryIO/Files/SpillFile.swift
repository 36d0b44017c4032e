package import Foundation
import ScrolleryCore

/// A file on disk for what is too large to hold in memory: records appended one after another, then read
/// back in any order. It has a name only for the moment it takes to make it: it is unlinked at once, so the
/// system removes it when it is closed (when this object goes), whether the build succeeds, fails, is
/// cancelled or is killed, and no other process can open it.
package final class SpillFile {
    /// The folder it was made in (for messages).
    package let folder: URL
    private let descriptor: Int32
    private var records: [(offset: Int, count: Int)] = []
    private var end = 0

    /// Makes the file in `folder` (made too, if missing).
    package init(in folder: URL) throws(SpillFileError) {
        self.folder = folder
        do {
            try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        } catch {
            throw SpillFileError(folder: folder.path, action: "made", reason: error.localizedDescription)
        }
        var template = Array((folder.path + "/scrollery-spill-XXXXXX").utf8CString)
        let made = template.withUnsafeMutableBufferPointer { buffer in
            buffer.baseAddress.map { mkstemp($0) } ?? -1
        }
        guard made >= 0 else { throw SpillFileError(folder: folder.path, action: "made", errno: SystemCalls.lastError) }
        let path = String(decoding: template.dropLast().map { UInt8(bitPattern: $0) }, as: UTF8.self)
        guard unlink(path) == 0 else {
            let failure = SystemCalls.lastError
            SystemCalls.close(made)
            throw SpillFileError(folder: folder.path, action: "made", errno: failure)
        }
        _ = fcntl(made, F_SETFD, FD_CLOEXEC)
        descriptor = made
    }

    deinit {
        SystemCalls.close(descriptor)
    }

    /// How many records it holds.
    package var count: Int { records.count }

    /// Adds a record at the end; its index is `count - 1` afterwards.
    package func append(_ bytes: [UInt8]) throws(SpillFileError) {
        do {
            try bytes.withUnsafeBytes { try POSIXFailure.writeAll($0, to: descriptor) }
        } catch {
            throw SpillFileError(folder: folder.path, action: "written", reason: error.localizedDescription)
        }
        records.append((end, bytes.count))
        end += bytes.count
    }

    /// The bytes of record `index` (0 is the first appended).
    package func read(_ index: Int) throws(SpillFileError) -> [UInt8] {
        precondition(records.indices.contains(index), "no spill record \(index)")
        return try read(index, bytes: 0..<records[index].count)
    }

    /// The bytes `range` of record `index`, counted from its start.
    package func read(_ index: Int, bytes range: Range<Int>) throws(SpillFileError) -> [UInt8] {
        precondition(records.indices.contains(index), "no spill record \(index)")
        precondition(range.lowerBound >= 0 && range.upperBound <= records[index].count, "outside spill record \(index)")
        let (offset, count) = (records[index].offset + range.lowerBound, range.count)
        var failure: Int32 = 0
        let bytes = [UInt8](unsafeUninitializedCapacity: count) { buffer, initialized in
            var done = 0
            while done < count, let start = buffer.baseAddress {
                let got = pread(descriptor, start + done, count - done, off_t(offset + done))
                if got < 0, SystemCalls.lastError == EINTR { continue }
                guard got > 0 else {
                    failure = got < 0 ? SystemCalls.lastError : EIO
                    break
                }
                done += got
            }
            initialized = done
        }
        guard failure == 0 else { throw SpillFileError(folder: folder.path, action: "read", errno: failure) }
        return bytes
    }
}

/// A spill file that could not be made, written or read: where, why, and what to do.
package struct SpillFileError: ScrolleryError, Sendable {
    package let folder: String
    package let action: String
    package let reason: String

    package init(folder: String, action: String, reason: String) {
        self.folder = folder
        self.action = action
        self.reason = reason
    }

    package init(folder: String, action: String, errno: Int32) {
        self.init(folder: folder, action: action, reason: String(cString: strerror(errno)))
    }

    package var description: String {
        "A temporary file in \(folder) could not be \(action) (\(reason)). Make sure that folder (the cache "
            + "folder, `cache.dir`) is writable and its disk has room for a copy of the source's items."
    }
}

extension SpillFileError {
    package var place: String { folder }
    package var problem: String { "\(action): \(reason)" }
}

package import Foundation

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// The system calls whose names Scrollery's own types also use (`read`, `write`, `close`, `errno`), named
/// by their module on each platform, and the fields of `stat` that Linux and Darwin name differently.
/// Linux is the tested platform; nothing here is Linux-only.
package enum SystemCalls {
    package static func read(_ descriptor: Int32, _ buffer: UnsafeMutableRawPointer, _ count: Int) -> Int {
        #if canImport(Glibc)
            Glibc.read(descriptor, buffer, count)
        #else
            Darwin.read(descriptor, buffer, count)
        #endif
    }

    package static func write(_ descriptor: Int32, _ buffer: UnsafeRawPointer, _ count: Int) -> Int {
        #if canImport(Glibc)
            Glibc.write(descriptor, buffer, count)
        #else
            Darwin.write(descriptor, buffer, count)
        #endif
    }

    @discardableResult
    package static func close(_ descriptor: Int32) -> Int32 {
        #if canImport(Glibc)
            Glibc.close(descriptor)
        #else
            Darwin.close(descriptor)
        #endif
    }

    /// The error of the last failed system call on this thread.
    package static var lastError: Int32 {
        #if canImport(Glibc)
            Glibc.errno
        #else
            Darwin.errno
        #endif
    }
}

extension stat {
    /// The time of the last change of the file's contents.
    package var modificationTime: timespec {
        #if canImport(Darwin)
            st_mtimespec
        #else
            st_mtim
        #endif
    }

    /// The time of the last change of the file's contents or attributes.
    package var statusChangeTime: timespec {
        #if canImport(Darwin)
            st_ctimespec
        #else
            st_ctim
        #endif
    }
}

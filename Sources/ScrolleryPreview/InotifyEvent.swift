#if canImport(Glibc)
    import Glibc

    /// One event read from an inotify descriptor: the watch it came from, what happened, and the name in
    /// the watched folder it happened to (none when it happened to the watched folder itself).
    struct InotifyEvent: Equatable, Sendable {
        let watch: Int32
        let mask: UInt32
        let name: String?

        /// The events in what one `read` of an inotify descriptor returned: each a fixed header
        /// (`struct inotify_event`) followed by its name, padded with NUL bytes.
        static func parse(_ bytes: UnsafeRawBufferPointer) -> [InotifyEvent] {
            let header = MemoryLayout<inotify_event>.size
            var events: [InotifyEvent] = []
            var offset = 0
            while offset + header <= bytes.count {
                let watch = bytes.loadUnaligned(fromByteOffset: offset, as: Int32.self)
                let mask = bytes.loadUnaligned(fromByteOffset: offset + 4, as: UInt32.self)
                let length = Int(bytes.loadUnaligned(fromByteOffset: offset + 12, as: UInt32.self))
                let start = offset + header
                let name = bytes[start..<min(start + length, bytes.count)].prefix { $0 != 0 }
                events.append(
                    InotifyEvent(
                        watch: watch, mask: mask, name: name.isEmpty ? nil : String(decoding: name, as: UTF8.self))
                )
                offset = start + length
            }
            return events
        }

        /// Whether the event has any of `flags` (inotify's `IN_…` constants).
        func has(_ flags: Int32) -> Bool {
            mask & UInt32(bitPattern: flags) != 0
        }
    }
#endif

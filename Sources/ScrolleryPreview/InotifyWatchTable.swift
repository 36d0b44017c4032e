import ScrolleryCore
#if canImport(Glibc)
    import Glibc

    /// Why inotify cannot watch the site (any more): the preview then falls back to polling.
    struct InotifyFailure: ScrolleryError {
        let description: String
    }

    /// The inotify watches of the site's folders, one per folder, and the folder of each: every watched
    /// folder and its subfolders recursively, a new folder as soon as it appears; no ignored or hidden
    /// folder, and no folder reached through a symbolic link below the watched ones.
    struct InotifyWatchTable: Sendable {
        let descriptor: Int32
        let paths: WatchedPaths
        /// The most watches this table adds (the kernel has its own limit, `fs.inotify.max_user_watches`).
        let limit: Int
        private(set) var folders: [Int32: String] = [:]

        /// What a watch reports: a folder's entries created, changed, moved or deleted, and the folder
        /// itself deleted or moved.
        static let events = UInt32(
            bitPattern: IN_CREATE | IN_DELETE | IN_MODIFY | IN_CLOSE_WRITE | IN_ATTRIB | IN_MOVED_FROM | IN_MOVED_TO
                | IN_DELETE_SELF | IN_MOVE_SELF | IN_ONLYDIR | IN_EXCL_UNLINK)

        init(descriptor: Int32, paths: WatchedPaths, limit: Int) {
            self.descriptor = descriptor
            self.paths = paths
            self.limit = limit
        }

        /// Watches every watched folder and everything below.
        mutating func watchAll() throws(InotifyFailure) {
            for folder in paths.folders { try watch(folder, isRoot: true) }
        }

        /// Brings the table up to date with `event`.
        /// - Returns: the path that changed, when the event is a change worth a rebuild (a watched folder
        ///   when events were lost), else nil.
        mutating func apply(_ event: InotifyEvent) throws(InotifyFailure) -> String? {
            if event.has(IN_Q_OVERFLOW) {
                // Events were lost: folders may have appeared unseen. Watching again is cheap (a folder
                // already watched keeps its watch) and the rebuild looks at everything anyway.
                try watchAll()
                return paths.folders.first ?? ""
            }
            guard let folder = folders[event.watch] else { return nil }
            if event.has(IN_IGNORED) {
                folders[event.watch] = nil
                return nil
            }
            // The watched folder itself was deleted or moved.
            guard let name = event.name else { return folder }
            let path = folder + "/" + name
            if paths.isIgnored(path, name: Substring(name)) { return nil }
            if event.has(IN_ISDIR) {
                if event.has(IN_MOVED_FROM) { unwatch(below: path) }
                if event.has(IN_CREATE | IN_MOVED_TO) { try watch(path, isRoot: false) }
            }
            return path
        }

        /// Watches `folder` and its subfolders. A folder that is gone, not a folder or not readable is
        /// skipped; running out of watches (or of kernel memory for them) is a failure.
        private mutating func watch(_ folder: String, isRoot: Bool) throws(InotifyFailure) {
            guard folders.count < limit else {
                throw InotifyFailure(description: "the limit of \(limit) inotify watches is reached")
            }
            let flags = Self.events | (isRoot ? 0 : UInt32(bitPattern: IN_DONT_FOLLOW))
            let added = inotify_add_watch(descriptor, folder, flags)
            guard added >= 0 else {
                switch errno {
                case ENOSPC:
                    throw InotifyFailure(
                        description: "the kernel's limit of inotify watches is reached (fs.inotify.max_user_watches)")
                case ENOMEM:
                    throw InotifyFailure(description: "the kernel has no memory for more inotify watches")
                default:
                    return
                }
            }
            folders[added] = folder
            for name in Self.subfolders(of: folder) {
                let path = folder + "/" + name
                if !paths.isIgnored(path, name: Substring(name)) { try watch(path, isRoot: false) }
            }
        }

        /// Stops watching `folder` and everything below it (moved away: it may now be outside the site).
        private mutating func unwatch(below folder: String) {
            for (watch, path) in folders where path == folder || path.hasPrefix(folder + "/") {
                inotify_rm_watch(descriptor, watch)
                folders[watch] = nil
            }
        }

        /// The names of the folders in `folder` (not of links to folders).
        private static func subfolders(of folder: String) -> [String] {
            guard let stream = opendir(folder) else { return [] }
            defer { closedir(stream) }
            var names: [String] = []
            while let entry = readdir(stream) {
                // Read in place up to its NUL: the record may end before the 256 bytes `d_name` is declared with.
                let name = withUnsafePointer(to: &entry.pointee.d_name) { field in
                    field.withMemoryRebound(to: CChar.self, capacity: 1) { String(cString: $0) }
                }
                if name == "." || name == ".." { continue }
                switch Int32(entry.pointee.d_type) {
                case Int32(DT_DIR):
                    names.append(name)
                case Int32(DT_UNKNOWN):
                    var info = stat()
                    if lstat(folder + "/" + name, &info) == 0, info.st_mode & S_IFMT == S_IFDIR { names.append(name) }
                default:
                    continue
                }
            }
            return names
        }
    }
#endif

extension InotifyFailure {
    var problem: String { description }
}

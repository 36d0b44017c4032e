#if canImport(Glibc)
    import Foundation
    import Glibc
    import Synchronization

    /// Notices changes with the kernel's change notification (inotify): a watch on every folder, and a
    /// thread of its own that sleeps in `poll` until the kernel reports something, so an idle preview
    /// costs no CPU however large the site is.
    final class InotifyWatcher: Sendable {
        /// The inotify descriptor, read only by the watcher's thread.
        private let inotify: Int32
        /// The reading end of a pipe the thread polls too: a byte written to it stops the thread.
        private let stopReader: Int32
        /// The pipe's writing end; nil once the thread has stopped and closed both ends.
        private let stopWriter: Mutex<Int32?>
        private let ended: AsyncStream<InotifyFailure?>

        /// Starts watching: adds a watch to every folder (this takes a moment for a large tree), then starts
        /// the thread that signals `signal` for every batch of changes worth a rebuild.
        /// - Parameter limit: the most watches added; past it (or past the kernel's limit), watching fails.
        init(paths: WatchedPaths, signal: ChangeSignal, limit: Int = .max) throws(InotifyFailure) {
            let inotify = inotify_init1(Int32(IN_NONBLOCK | IN_CLOEXEC))
            guard inotify >= 0 else {
                throw InotifyFailure(description: "inotify cannot be started (\(String(cString: strerror(errno))))")
            }
            var table = InotifyWatchTable(descriptor: inotify, paths: paths, limit: limit)
            var ends: [Int32] = [-1, -1]
            do throws(InotifyFailure) {
                guard pipe(&ends) == 0 else {
                    throw InotifyFailure(description: "no pipe (\(String(cString: strerror(errno))))")
                }
                for end in ends {
                    _ = fcntl(end, F_SETFD, FD_CLOEXEC)
                    _ = fcntl(end, F_SETFL, O_NONBLOCK)
                }
                try table.watchAll()
            } catch {
                close(inotify)
                for end in ends where end >= 0 { close(end) }
                throw error
            }
            self.inotify = inotify
            stopReader = ends[0]
            stopWriter = Mutex(ends[1])
            let (ended, endedContinuation) = AsyncStream<InotifyFailure?>.makeStream()
            self.ended = ended
            let thread = Thread { [self, table] in
                Thread.current.name = "scrollery-watch"
                var table = table
                let failure = watchLoop(&table, signal: signal)
                close(inotify)
                close(stopReader)
                stopWriter.withLock { end in
                    if let descriptor = end { close(descriptor) }
                    end = nil
                }
                endedContinuation.yield(failure)
                endedContinuation.finish()
            }
            thread.start()
        }

        /// Waits until the watcher stops: returns when stopped, throws when watching failed (a new folder
        /// past the watch limit). Cancelling the task stops the watcher.
        func run() async throws(InotifyFailure) {
            let failure = await withTaskCancellationHandler {
                var iterator = ended.makeAsyncIterator()
                return await iterator.next() ?? nil
            } onCancel: {
                stop()
            }
            if let failure { throw failure }
        }

        /// Stops the thread (soon, not at once); nothing after it is signalled.
        func stop() {
            stopWriter.withLock { end in
                guard let descriptor = end else { return }
                var byte: UInt8 = 1
                _ = write(descriptor, &byte, 1)
            }
        }

        /// Sleeps until inotify or the stop pipe has something; reads and applies the events. Returns nil
        /// when stopped, the failure when watching can go on no longer.
        private func watchLoop(_ table: inout InotifyWatchTable, signal: ChangeSignal) -> InotifyFailure? {
            let capacity = 64 * 1024
            let buffer = UnsafeMutableRawBufferPointer.allocate(byteCount: capacity, alignment: 8)
            defer { buffer.deallocate() }
            while true {
                var ready = [
                    pollfd(fd: inotify, events: Int16(POLLIN), revents: 0),
                    pollfd(fd: stopReader, events: Int16(POLLIN), revents: 0),
                ]
                guard poll(&ready, 2, -1) >= 0 else {
                    if errno == EINTR { continue }
                    return InotifyFailure(description: "poll failed (\(String(cString: strerror(errno))))")
                }
                if ready[1].revents != 0 { return nil }
                guard ready[0].revents != 0 else { continue }
                let count = read(inotify, buffer.baseAddress, capacity)
                guard count > 0 else {
                    if count < 0, errno == EAGAIN || errno == EINTR { continue }
                    return InotifyFailure(description: "inotify cannot be read (\(String(cString: strerror(errno))))")
                }
                var changed: [String] = []
                for event in InotifyEvent.parse(UnsafeRawBufferPointer(rebasing: buffer[0..<count])) {
                    do {
                        if let path = try table.apply(event) { changed.append(path) }
                    } catch {
                        signal.changed(changed)
                        return error
                    }
                }
                if !changed.isEmpty { signal.changed(changed) }
            }
        }
    }
#endif

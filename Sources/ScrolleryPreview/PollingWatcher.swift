import Foundation

/// Notices changes by scanning the watched folders for modification times and sizes: no platform file
/// events needed, but every scan looks at every file, so it is the fallback where the kernel's change
/// notification is not available (or not usable).
struct PollingWatcher: Sendable {
    let paths: WatchedPaths

    /// Scans every `interval` and signals when a scan differs from the one before, until cancelled.
    func run(every interval: Duration, signal: ChangeSignal, armed: @Sendable () async -> Void = {}) async {
        var known = snapshot()
        await armed()
        while true {
            do {
                try await Task.sleep(for: interval)
            } catch {
                return
            }
            let current = snapshot()
            if current != known {
                let changed =
                    current.filter { known[$0.key] != $0.value }.map(\.key)
                    + known.keys.filter { current[$0] == nil }
                known = current
                signal.changed(changed.sorted())
            }
        }
    }

    /// A fingerprint of every file: path → (modification time, size).
    func snapshot() -> [String: [Double]] {
        var result: [String: [Double]] = [:]
        for folder in paths.folders {
            guard
                let enumerator = FileManager.default.enumerator(
                    at: URL(fileURLWithPath: folder, isDirectory: true),
                    includingPropertiesForKeys: [.contentModificationDateKey, .fileSizeKey, .isRegularFileKey])
            else { continue }
            for case let file as URL in enumerator {
                let path = file.standardizedFileURL.path
                if paths.isIgnored(path, name: Substring(file.lastPathComponent)) {
                    enumerator.skipDescendants()
                    continue
                }
                guard
                    let values = try? file.resourceValues(
                        forKeys: [.contentModificationDateKey, .fileSizeKey, .isRegularFileKey]),
                    values.isRegularFile == true
                else { continue }
                result[path] = [
                    values.contentModificationDate?.timeIntervalSince1970 ?? 0, Double(values.fileSize ?? 0),
                ]
            }
        }
        return result
    }
}

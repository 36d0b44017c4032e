import CAllocatorTuning
import CVipsShim
import Foundation

/// libvips, opened and started once for the process, when pictures first need it.
package enum Vips {
    /// Whether libvips could be opened (found, with every function the shim calls), without starting it;
    /// `nil` when it could, else why not.
    package static let openFailure: String? = {
        var error: UnsafeMutablePointer<CChar>?
        let opened = scrollery_vips_open(&error) == 0
        let reason = message(taking: error)
        return opened ? nil : reason ?? "libvips could not be opened"
    }()

    /// Whether libvips started; `nil` when it did, else why not.
    package static let startFailure: String? = {
        if let openFailure { return openFailure }
        var error: UnsafeMutablePointer<CChar>?
        let started = scrollery_vips_start(&error) == 0
        let reason = message(taking: error)
        if started { scrollery_allocator_tune_for_pictures() }
        return started ? nil : reason ?? "libvips did not start"
    }()

    /// A failed call's error text, as one line, or `nil` when there is none. Frees `text`.
    static func message(taking text: UnsafeMutablePointer<CChar>?) -> String? {
        guard let text else { return nil }
        defer { free(text) }
        let lines = String(cString: text).split(whereSeparator: \.isNewline).map {
            $0.trimmingCharacters(in: .whitespaces)
        }
        let kept = lines.filter { !$0.isEmpty }
        return kept.isEmpty ? nil : kept.joined(separator: "; ")
    }
}

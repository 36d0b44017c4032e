import CAllocatorTuning
import CVipsShim
import Foundation

/// libvips, started once for the process.
package enum Vips {
    /// Whether libvips started; `nil` when it did, else why not.
    package static let startFailure: String? = {
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

import CVipsShim

/// libvips, started once for the process.
enum Vips {
    /// Whether libvips started; `nil` when it did, else why not.
    static let startFailure: String? = scrollery_vips_start() == 0 ? nil : takeError() ?? "libvips did not start"

    /// The errors libvips gathered since the last call, as one line.
    static func takeError() -> String? {
        guard let text = scrollery_vips_take_error() else { return nil }
        defer { scrollery_vips_free(text) }
        let lines = String(cString: text).split(whereSeparator: \.isNewline).map {
            $0.trimmingCharacters(in: .whitespaces)
        }
        let kept = lines.filter { !$0.isEmpty }
        return kept.isEmpty ? nil : kept.joined(separator: "; ")
    }
}

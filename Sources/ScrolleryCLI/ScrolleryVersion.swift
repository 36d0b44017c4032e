import CBuildInfo

/// The program's version and the commit it was built from.
enum ScrolleryVersion {
    /// The version: the one place it is written. CHANGELOG.md starts with it, and `make dist` reads it here.
    static let number = "1.0.0"

    /// The commit the binary was built from, when its build recorded one (a release archive's does).
    static var commit: String? {
        let text = String(cString: scrollery_build_commit())
        return text.isEmpty ? nil : text
    }

    /// What `scrollery --version` prints.
    static var description: String {
        "scrollery \(number) (" + (commit.map { "commit \($0)" } ?? "built from source; commit not recorded") + ")"
    }
}

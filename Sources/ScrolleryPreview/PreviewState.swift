import Foundation

/// What the server needs to know about the latest build: where the output is, under which path it is
/// served, and why the latest rebuild failed (if it did).
actor PreviewState {
    private(set) var outputFolder: URL
    private(set) var basePath: String
    private(set) var lastError: String?

    init(outputFolder: URL, basePath: String) {
        self.outputFolder = outputFolder
        self.basePath = basePath
    }

    func succeeded(outputFolder: URL, basePath: String) {
        self.outputFolder = outputFolder
        self.basePath = basePath
        lastError = nil
    }

    func failed(_ message: String) {
        lastError = message
    }

    var snapshot: (outputFolder: URL, basePath: String, lastError: String?) { (outputFolder, basePath, lastError) }
}

import Foundation
import Testing

@testable import Scrollery
@testable import ScrolleryCore
@testable import ScrolleryIO
@testable import ScrolleryTestSites

/// Every error of the sources has the one shape (`ScrolleryError`: place, problem, fix, underlying), and
/// the fields hold what the words say.
@Suite("Errors have one shape")
struct ErrorShapeTests {
    /// The declarations of error types in `Sources/`: a type whose inheritance list names `Error` or a
    /// protocol that refines it (`ScrolleryError`), with its file.
    static func errorDeclarations() throws -> [(name: String, inheritance: String, file: String)] {
        let sources = ScrolleryCommand.repository.appendingPathComponent("Sources")
        let declaration = #"^\s*(?:public |package |fileprivate |private )?(?:final )?(?:struct|enum|class) "#
        let pattern = try NSRegularExpression(
            pattern: declaration + #"(\w+)\s*:\s*([^{]*)\{"#, options: [.anchorsMatchLines])
        var found: [(String, String, String)] = []
        let files = FileManager.default.enumerator(at: sources, includingPropertiesForKeys: nil)
        while let file = files?.nextObject() as? URL {
            guard file.pathExtension == "swift" else { continue }
            let text = try String(contentsOf: file, encoding: .utf8)
            let range = NSRange(text.startIndex..., in: text)
            for match in pattern.matches(in: text, range: range) {
                guard let name = Range(match.range(at: 1), in: text), let list = Range(match.range(at: 2), in: text)
                else { continue }
                let inheritance = String(text[list])
                let names = inheritance.split(separator: ",").map { $0.trimmingCharacters(in: .whitespacesAndNewlines) }
                guard names.contains("Error") || names.contains("ScrolleryError") else { continue }
                found.append((String(text[name]), inheritance, file.lastPathComponent))
            }
        }
        return found
    }

    @Test("every error type of the sources conforms to ScrolleryError")
    func everyErrorHasTheShape() throws {
        let declarations = try Self.errorDeclarations()
        #expect(declarations.count >= 30, "the scan finds the error types: \(declarations.map(\.name))")
        for declaration in declarations {
            #expect(
                declaration.inheritance.contains("ScrolleryError"),
                "\(declaration.name) (\(declaration.file)) is an Error but not a ScrolleryError")
        }
    }

    @Test("the fields say where, what and what to do, and the underlying error is kept")
    func fieldsHoldTheParts() throws {
        let fetch = FetchError(.notFound, location: "https://img.example/1.jpg", reason: "HTTP 404")
        #expect(fetch.place == "https://img.example/1.jpg" && fetch.problem == "HTTP 404")
        let config = ConfigError(
            file: "scrollery.yml", key: "pageSize", line: 3, problem: "expected a number", fix: "Write pageSize: 20.")
        #expect(config.place == "scrollery.yml:3, pageSize")
        #expect(config.fix == "Write pageSize: 20.")
        let build = BuildError(.failed, message: "\(fetch)", underlying: fetch, outputPath: "/site/public")
        #expect(build.place == "/site/public")
        #expect((build.underlying as? FetchError)?.kind == .notFound)
        let output = OutputError(path: "/site/public", problem: "is not writable")
        let shaped: [any ScrolleryError] = [fetch, config, build, output]
        for error in shaped {
            #expect(!error.problem.isEmpty)
            #expect("\(error)".contains(error.problem), "the words show the problem: \(error)")
        }
    }
}

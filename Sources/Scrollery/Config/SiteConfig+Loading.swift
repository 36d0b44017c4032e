public import Foundation
import ScrolleryCore
import Yams

extension SiteConfig {
    /// The name of the config file at the root of a site folder.
    public static let fileName = "scrollery.yml"

    /// Reads and validates `scrollery.yml` in a site folder.
    /// - Parameters:
    ///   - siteFolder: the folder holding `scrollery.yml`.
    ///   - overrides: values from the command line that win over the file.
    /// - Returns: the validated config.
    ///   - environment: where `${NAME}` references are looked up.
    public static func load(
        siteFolder: URL, overrides: ConfigOverrides = .init(),
        environment: [String: String] = ProcessInfo.processInfo.environment
    ) throws(ConfigError) -> SiteConfig {
        let file = siteFolder.appendingPathComponent(fileName)
        let text: String
        do {
            text = try String(contentsOf: file, encoding: .utf8)
        } catch {
            throw ConfigError(
                file: file.path, key: "", line: nil, problem: "cannot be read (\(Self.reason(error))).",
                fix: "Run `scrollery` on a site folder that has a \(fileName), or create one with `scrollery init`.")
        }
        return try parse(yaml: text, file: file, overrides: overrides, environment: environment)
    }

    /// Validates config text as if it were read from `file`.
    /// - Parameters:
    ///   - yaml: the YAML text.
    ///   - file: the file it stands for: errors name it and relative paths resolve against its folder.
    ///   - overrides: values from the command line that win over the file.
    /// - Returns: the validated config.
    ///   - environment: where `${NAME}` references are looked up.
    public static func parse(
        yaml: String, file: URL, overrides: ConfigOverrides = .init(),
        environment: [String: String] = ProcessInfo.processInfo.environment
    ) throws(ConfigError) -> SiteConfig {
        let root: Node
        do {
            // The basic resolver leaves every plain scalar a string, which is all the decoder reads (it
            // reads numbers and booleans itself); the default one compiles a dozen patterns at each start.
            guard let node = try Yams.compose(yaml: yaml, .basic) else {
                throw ConfigError(
                    file: file.path, key: "", line: nil, problem: "is empty.",
                    fix: "Start from `scrollery init --preset local` or docs/configuration.md.")
            }
            root = node
        } catch let error as ConfigError {
            throw error
        } catch let error as YamlError {
            throw yamlError(error, file: file)
        } catch {
            throw ConfigError(
                file: file.path, key: "", line: nil, problem: "is not valid YAML: \(error).",
                fix: "Fix the YAML syntax at the place named.")
        }
        return try ConfigDecoder(file: file, overrides: overrides, environment: environment).decode(root)
    }

    /// A YAML syntax error with its line and column, and at most 120 characters of the line around the
    /// column (a line may be very long; a message should not be).
    private static func yamlError(_ error: YamlError, file: URL) -> ConfigError {
        let found: (context: YamlError.Context?, problem: String, mark: Mark, yaml: String)
        switch error {
        case .scanner(let context, let problem, let mark, let yaml),
            .parser(let context, let problem, let mark, let yaml),
            .composer(let context, let problem, let mark, let yaml):
            found = (context, problem, mark, yaml)
        default:
            return ConfigError(
                file: file.path, key: "", line: nil,
                problem: "is not valid YAML: \(TerminalText.shown(String("\(error)".prefix(240)))).",
                fix: "Fix the YAML syntax at the place named.")
        }
        let lines = found.yaml.split(separator: "\n", omittingEmptySubsequences: false)
        /// At most 120 characters of line `number` around `column`, or `nil` for a blank or missing line.
        func excerpt(line number: Int, column: Int) -> String? {
            guard number >= 1, number <= lines.count else { return nil }
            let text = Array(lines[number - 1])
            guard text.contains(where: { !$0.isWhitespace }) else { return nil }
            let at = max(0, min(text.count, column - 1))
            let start = max(0, min(at - 60, text.count - 120))
            let end = min(text.count, start + 120)
            return "`" + (start > 0 ? "…" : "") + String(text[start..<end]) + (end < text.count ? "…" : "") + "`"
        }
        var problem = "is not valid YAML at line \(found.mark.line), column \(found.mark.column): \(found.problem)"
        if let shown = excerpt(line: found.mark.line, column: found.mark.column) { problem += ": \(shown)" }
        if let context = found.context {
            problem += " (\(context.text) that starts at line \(context.mark.line)"
            if let shown = excerpt(line: context.mark.line, column: context.mark.column) { problem += ": \(shown)" }
            problem += ")"
        }
        return ConfigError(
            file: file.path, key: "", line: found.mark.line, problem: TerminalText.shown(problem) + ".",
            fix: "Fix the YAML syntax at the place named.")
    }

    private static func reason(_ error: any Error) -> String {
        let nsError = error as NSError
        if nsError.domain == NSCocoaErrorDomain, nsError.code == NSFileReadNoSuchFileError { return "no such file" }
        return nsError.localizedDescription
    }
}

/// Values from the command line that take precedence over `scrollery.yml`.
public struct ConfigOverrides: Sendable {
    /// `--output`: the output folder, relative to the current directory.
    public var output: String?
    /// `--base-url`.
    public var baseURL: String?
    /// For a command that fetches nothing (`deploy`): a `${NAME}` whose variable is not set reads as empty
    /// (a header using it is not sent) instead of failing, so a job need not hold the source's secrets.
    public var unsetVariablesAllowed: Bool

    /// - Parameters:
    ///   - output: the output folder from the command line.
    ///   - baseURL: the base URL from the command line.
    ///   - unsetVariablesAllowed: read an unset `${NAME}` as empty instead of failing.
    public init(output: String? = nil, baseURL: String? = nil, unsetVariablesAllowed: Bool = false) {
        self.output = output
        self.baseURL = baseURL
        self.unsetVariablesAllowed = unsetVariablesAllowed
    }
}

public import Foundation
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
            guard let node = try Yams.compose(yaml: yaml) else {
                throw ConfigError(
                    file: file.path, key: "", line: nil, problem: "is empty.",
                    fix: "Start from `scrollery init --preset local` or the README's config reference.")
            }
            root = node
        } catch let error as ConfigError {
            throw error
        } catch {
            throw ConfigError(
                file: file.path, key: "", line: nil, problem: "is not valid YAML: \(error).",
                fix: "Fix the YAML syntax at the place named.")
        }
        return try ConfigDecoder(file: file, overrides: overrides, environment: environment).decode(root)
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

    /// - Parameters:
    ///   - output: the output folder from the command line.
    ///   - baseURL: the base URL from the command line.
    public init(output: String? = nil, baseURL: String? = nil) {
        self.output = output
        self.baseURL = baseURL
    }
}

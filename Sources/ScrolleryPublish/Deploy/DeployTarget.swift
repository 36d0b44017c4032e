import ScrolleryCore
/// Where and as whom a deploy writes: the bucket and prefix, the endpoint and region, and the credentials.
/// Flags win over the config, the config over the environment; the credentials come from the environment
/// only, never from the config or the command line.
package struct DeployTarget: Sendable {
    /// What the flags or the config say; nil where they say nothing.
    package struct Choices: Sendable, Equatable {
        package var to: String?
        package var endpoint: String?
        package var region: String?

        package init(to: String? = nil, endpoint: String? = nil, region: String? = nil) {
            self.to = to
            self.endpoint = endpoint
            self.region = region
        }
    }

    package let location: S3Location
    package let endpoint: S3Endpoint
    package let credentials: S3Credentials

    package static let defaultRegion = "us-east-1"

    package init(location: S3Location, endpoint: S3Endpoint, credentials: S3Credentials) {
        self.location = location
        self.endpoint = endpoint
        self.credentials = credentials
    }

    package static func resolve(
        flags: Choices, config: Choices, environment: [String: String], allowHTTP: Bool
    ) throws(DeploySetupError) -> DeployTarget {
        func value(_ name: String) -> String? {
            environment[name].flatMap { $0.isEmpty ? nil : $0 }
        }
        guard let to = flags.to ?? config.to else {
            throw DeploySetupError(
                problem: "No bucket to deploy to.",
                fix: "Pass --to s3://BUCKET[/PREFIX], or set deploy.to in scrollery.yml.")
        }
        let region =
            flags.region ?? config.region ?? value("AWS_REGION") ?? value("AWS_DEFAULT_REGION") ?? defaultRegion
        let endpointText =
            flags.endpoint ?? config.endpoint ?? value("AWS_ENDPOINT_URL_S3") ?? value("AWS_ENDPOINT_URL")
        let location: S3Location
        let endpoint: S3Endpoint
        do throws(S3LocationError) {
            location = try S3Location(parsing: to)
            if let endpointText {
                endpoint = try S3Endpoint(parsing: endpointText, region: region, allowHTTP: allowHTTP)
            } else {
                endpoint = try S3Endpoint.aws(region: region)
            }
        } catch {
            throw DeploySetupError(problem: "\(error.given): \(error.problem)", fix: error.fix)
        }
        guard let keyID = value("AWS_ACCESS_KEY_ID"), let secret = value("AWS_SECRET_ACCESS_KEY") else {
            throw DeploySetupError(
                problem: "No credentials: AWS_ACCESS_KEY_ID and AWS_SECRET_ACCESS_KEY must both be set.",
                fix: "Set them in the environment (in CI, from the repository's secrets), with AWS_SESSION_TOKEN "
                    + "for temporary credentials. They are never read from the config or the command line.")
        }
        let credentials = S3Credentials(
            accessKeyID: keyID, secretAccessKey: secret, sessionToken: value("AWS_SESSION_TOKEN"))
        return DeployTarget(location: location, endpoint: endpoint, credentials: credentials)
    }
}

/// A deploy that cannot start: what is wrong and what to do.
package struct DeploySetupError: ScrolleryError, Sendable, Equatable {
    package let problem: String
    package let fix: String

    package init(problem: String, fix: String) {
        self.problem = problem
        self.fix = fix
    }

    package var description: String { "\(problem) \(fix)" }
}

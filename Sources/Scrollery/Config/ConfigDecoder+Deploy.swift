import ScrolleryCore

extension ConfigDecoder {
    func decodeDeploy(_ reader: ConfigReader?) throws(ConfigError) -> DeployConfig {
        var deploy = DeployConfig()
        guard let reader else { return deploy }
        try reader.rejectUnknownKeys(["to", "endpoint", "region", "maxDeletes", "headers"])
        // The form only: `scrollery deploy` reads these with its own parsers (and the flags over them), and
        // says there what is wrong with a bucket name or an endpoint.
        if let to = try reader.string("to") {
            guard to.lowercased().hasPrefix("s3://"), to.utf8.count > 5 else {
                throw reader.error(
                    "to", "`\(TerminalText.shown(to))` is not an S3 location.",
                    fix: "Write it as `s3://BUCKET` or `s3://BUCKET/PREFIX`, e.g. `s3://my-gallery/photos`.")
            }
            deploy.to = to
        }
        if let region = try reader.string("region") {
            let fine = region.utf8.allSatisfy {
                (UInt8(ascii: "a")...UInt8(ascii: "z")).contains($0)
                    || (UInt8(ascii: "0")...UInt8(ascii: "9")).contains($0) || $0 == UInt8(ascii: "-")
            }
            guard fine, !region.isEmpty, region.count <= 64 else {
                throw reader.error(
                    "region", "`\(TerminalText.shown(region))` is not a region name.",
                    fix: "Write one such as `us-east-1`, or `auto` for Cloudflare R2.")
            }
            deploy.region = region
        }
        if let endpoint = try reader.string("endpoint") {
            let lowered = endpoint.lowercased()
            guard lowered.hasPrefix("https://") || lowered.hasPrefix("http://") else {
                throw reader.error(
                    "endpoint", "`\(TerminalText.shown(endpoint))` is not an https:// URL.",
                    fix: "Write the server's address, `https://HOST` or `https://HOST:PORT`.")
            }
            deploy.endpoint = endpoint
        }
        deploy.maxDeletes = try reader.int("maxDeletes", in: 0...10_000_000)
        deploy.headers = try decodeHeaderRules(reader)
        return deploy
    }

    /// `headers: [{ match, cacheControl, contentType? }]`: values go into HTTP headers, so no control
    /// characters.
    private func decodeHeaderRules(_ reader: ConfigReader) throws(ConfigError) -> [DeployHeaderRule] {
        guard let node = reader.node("headers") else { return [] }
        guard case .sequence(let sequence) = node else {
            throw reader.error(
                "headers", "expected a list of rules, found \(ConfigReader.describe(node)).",
                fix: "Write it as `headers: [{ match: \"downloads/**\", cacheControl: \"public, max-age=86400\" }]`.")
        }
        var rules: [DeployHeaderRule] = []
        for (index, element) in sequence.enumerated() {
            let rule = try ConfigReader(file: reader.file, path: reader.keyPath("headers[\(index)]"), node: element)
            try rule.rejectUnknownKeys(["match", "cacheControl", "contentType"])
            let match = try rule.requiredString("match", example: "\"downloads/**\"")
            let cacheControl = try rule.requiredString("cacheControl", example: "\"public, max-age=86400\"")
            let contentType = try rule.string("contentType")
            for (key, value) in [("cacheControl", cacheControl), ("contentType", contentType ?? "")] {
                guard !value.unicodeScalars.contains(where: { $0.value < 0x20 || $0.value == 0x7F }) else {
                    throw rule.error(
                        key, "has a control character, which an HTTP header cannot carry.",
                        fix: "Write it on one line of printable characters.")
                }
            }
            rules.append(DeployHeaderRule(match: match, cacheControl: cacheControl, contentType: contentType))
        }
        return rules
    }
}

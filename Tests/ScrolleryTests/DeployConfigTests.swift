import Foundation
import Testing

@testable import Scrollery

/// The config's `deploy:` section.
@Suite("Deploy config")
struct DeployConfigTests {
    let config = ConfigTests()

    @Test("deploy: its keys decode; absent, it is empty")
    func decodes() throws {
        let yaml =
            ConfigTests.minimalYAML + """
                deploy:
                  to: s3://my-gallery/photos
                  endpoint: https://account.r2.cloudflarestorage.com
                  region: auto
                  maxDeletes: 1000
                  headers:
                    - { match: "downloads/**", cacheControl: "public, max-age=86400" }
                    - { match: "*.avif", cacheControl: "no-cache", contentType: image/avif }

                """
        let deploy = try config.parse(yaml).deploy
        #expect(deploy.to == "s3://my-gallery/photos")
        #expect(deploy.endpoint == "https://account.r2.cloudflarestorage.com")
        #expect(deploy.region == "auto")
        #expect(deploy.maxDeletes == 1000)
        #expect(
            deploy.headers == [
                DeployHeaderRule(match: "downloads/**", cacheControl: "public, max-age=86400"),
                DeployHeaderRule(match: "*.avif", cacheControl: "no-cache", contentType: "image/avif"),
            ])
        #expect(try config.parse(ConfigTests.minimalYAML).deploy == DeployConfig())
    }

    @Test("the deploy reads a config whose source needs variables its job does not have")
    func unsetSourceVariables() throws {
        let yaml = """
            source:
              url: "${SCROLLERY_TEST_UNSET_BASE}/items?page={{page}}"
              headers: { Authorization: "Bearer ${SCROLLERY_TEST_UNSET_TOKEN}" }
            item: { id: "{{id}}", title: "{{title}}" }
            deploy: { to: "s3://my-gallery/photos" }

            """
        let file = URL(fileURLWithPath: "/tmp/site/scrollery.yml")
        #expect(throws: ConfigError.self, "a build still needs them") {
            try SiteConfig.parse(yaml: yaml, file: file, environment: [:])
        }
        let config = try SiteConfig.parse(
            yaml: yaml, file: file, overrides: ConfigOverrides(unsetVariablesAllowed: true), environment: [:])
        #expect(config.deploy.to == "s3://my-gallery/photos")
        #expect(config.source.headers.isEmpty, "a header whose variable is unset is not sent")
    }

    @Test("an unknown deploy key, such as a secret, is refused with its path")
    func unknownKey() throws {
        let secret = try #require(
            config.parseError(ConfigTests.minimalYAML + "deploy:\n  to: s3://b-1\n  secretAccessKey: x\n"))
        config.expectError(secret, key: "deploy.secretAccessKey", mentions: ["is not a known key"])
        let inRule = try #require(
            config.parseError(
                ConfigTests.minimalYAML + "deploy:\n  headers:\n    - { match: a, cacheControl: b, contenType: c }\n"))
        config.expectError(inRule, key: "deploy.headers[0].contenType", mentions: ["Did you mean `contentType`?"])
    }

    @Test("a bad location, region, endpoint, limit or header rule is refused with what to write")
    func refused() throws {
        let cases: [(String, String, String)] = [
            ("  to: my-gallery\n", "deploy.to", "s3://BUCKET"),
            ("  region: Europe West\n", "deploy.region", "us-east-1"),
            ("  endpoint: ftp://example.com\n", "deploy.endpoint", "https://"),
            ("  maxDeletes: -1\n", "deploy.maxDeletes", "whole number"),
            ("  headers: { match: a }\n", "deploy.headers", "list of rules"),
            ("  headers:\n    - { match: a }\n", "deploy.headers[0].cacheControl", "required"),
            ("  headers:\n    - { match: a, cacheControl: \"a\\nb\" }\n", "deploy.headers[0].cacheControl", "control"),
        ]
        for (lines, key, word) in cases {
            let error = try #require(config.parseError(ConfigTests.minimalYAML + "deploy:\n" + lines))
            config.expectError(error, key: key, mentions: [word])
        }
    }
}

import Foundation
import HTTPTypes
import Hummingbird

/// The GitHub users API as `shared/APIS.md` describes it: `/users?since=ID&per_page=N` (ids greater than
/// `since`, default 30, at most 100, `Link` rel=next), `/users/{login}` (name and bio may be null), the
/// `x-ratelimit-*` headers on every response, a 403 without a User-Agent, 60 requests without a token.
enum GitHubReplica {
    /// Users have ids 1, 3, 5, …: sign-up ids are not contiguous.
    static func userIDs(_ count: Int) -> [Int] { (0..<count).map { $0 * 2 + 1 } }

    static func user(_ id: Int, base: String) -> [String: Any] {
        [
            "login": "user\(id)", "id": id, "avatar_url": "\(base)/avatars/u/\(id)?v=4",
            "html_url": "https://github.com/user\(id)", "type": "User", "url": "\(base)/users/user\(id)",
        ]
    }

    actor RateLimiter {
        var used: [String: Int] = [:]
        let limit: Int
        init(limit: Int) { self.limit = limit }
        func take(_ key: String) -> (remaining: Int, used: Int) {
            used[key, default: 0] += 1
            return (max(0, limit - used[key, default: 0]), used[key, default: 0])
        }
    }

    static func register(
        on router: Router<BasicRequestContext>, count: Int, anonymousLimit: Int = 60, token: String? = nil,
        base: @escaping @Sendable () -> String
    ) {
        // Avatars are on a host of their own at GitHub, without the API's rate limit.
        router.get("/avatars/u/:id") { _, _ -> Response in
            guard let bytes = try? FixtureFiles.image("tiny.png") else { return Response(status: .notFound) }
            return .bytes(bytes, contentType: "image/png")
        }
        let anonymous = RateLimiter(limit: anonymousLimit)
        let authenticated = RateLimiter(limit: 5000)
        let reset = Int(Date().timeIntervalSince1970) + 3600
        @Sendable func limited(_ request: Request, _ respond: () -> Response) async -> Response {
            guard request.headers[.userAgent] != nil else {
                return .json(#"{"message":"Request forbidden by administrative rules."}"#, status: .forbidden)
            }
            let authorization = request.headers[.authorization]
            let isAuthenticated = token != nil && authorization == "Bearer \(token ?? "")"
            if authorization != nil && !isAuthenticated {
                return .json(#"{"message":"Bad credentials"}"#, status: .unauthorized)
            }
            let limiter = isAuthenticated ? authenticated : anonymous
            let (remaining, used) = await limiter.take("client")
            let limit = isAuthenticated ? 5000 : anonymousLimit
            let headers = [
                "x-ratelimit-limit": String(limit), "x-ratelimit-remaining": String(remaining),
                "x-ratelimit-used": String(used), "x-ratelimit-reset": String(reset),
            ]
            guard used <= limit else {
                return .json(
                    #"{"message":"API rate limit exceeded."}"#, status: .forbidden,
                    headers: headers.merging(["x-ratelimit-remaining": "0"]) { $1 })
            }
            var response = respond()
            for (name, value) in headers {
                if let field = HTTPField.Name(name) { response.headers[field] = value }
            }
            return response
        }
        router.get("/users") { request, _ -> Response in
            await limited(request) {
                let since = request.uri.queryParameters.get("since", as: Int.self) ?? 0
                let perPage = min(100, max(1, request.uri.queryParameters.get("per_page", as: Int.self) ?? 30))
                let ids = userIDs(count).filter { $0 > since }.prefix(perPage)
                var headers: [String: String] = [:]
                if let last = ids.last, userIDs(count).contains(where: { $0 > last }) {
                    headers["Link"] =
                        "<\(base())/users?per_page=\(perPage)&since=\(last)>; rel=\"next\", "
                        + "<\(base())/users{?since}>; rel=\"first\""
                }
                return .json(encoding: ids.map { user($0, base: base()) }, headers: headers)
            }
        }
        router.get("/users/:login") { request, context -> Response in
            await limited(request) {
                let login = context.parameters.get("login") ?? ""
                guard login.hasPrefix("user"), let id = Int(login.dropFirst(4)), userIDs(count).contains(id) else {
                    return .json(#"{"message":"Not Found"}"#, status: .notFound)
                }
                var profile = user(id, base: base())
                profile["name"] = id % 5 == 0 ? NSNull() : "User Number \(id)"
                profile["bio"] = id % 3 == 0 ? NSNull() : "Builds *things* with [Swift](https://swift.org). User \(id)."
                profile["blog"] = ""
                profile["location"] = "Earth"
                profile["public_repos"] = id % 40
                profile["followers"] = id * 3
                profile["created_at"] = "2008-01-\(10 + id % 18)T12:00:00Z"
                return .json(encoding: profile)
            }
        }
    }
}

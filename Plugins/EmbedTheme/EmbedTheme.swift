import Foundation
import PackagePlugin

/// Embeds the default theme, the package's `templates/` folder, into the target it is applied to as
/// `DefaultTheme.files`, regenerated whenever a file there changes.
@main
struct EmbedTheme: BuildToolPlugin {
    func createBuildCommands(context: PluginContext, target: any Target) async throws -> [Command] {
        let folder = context.package.directoryURL.appending(path: "templates", directoryHint: .isDirectory)
        let inputs = try FileManager.default.contentsOfDirectory(
            at: folder, includingPropertiesForKeys: [.isRegularFileKey]
        )
        .filter { url in
            !url.lastPathComponent.hasPrefix(".")
                && (try? url.resourceValues(forKeys: [.isRegularFileKey]).isRegularFile) == true
        }
        .sorted { $0.lastPathComponent < $1.lastPathComponent }
        let output = context.pluginWorkDirectoryURL.appending(path: "DefaultTheme+Files.swift")
        let tool = try context.tool(named: "EmbedThemeTool")
        return [
            .buildCommand(
                displayName: "Embedding the default theme from templates/",
                executable: tool.url,
                arguments: [folder.path(percentEncoded: false), output.path(percentEncoded: false)],
                inputFiles: [folder] + inputs,
                outputFiles: [output]
            )
        ]
    }
}

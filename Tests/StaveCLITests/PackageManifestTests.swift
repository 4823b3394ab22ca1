import Foundation
import XCTest

/// The package builds where Swift does: every target declares in Package.swift each module its
/// sources import (so no target builds only because another dependency brings a module along),
/// and no source depends on glibc alone.
final class PackageManifestTests: XCTestCase {
    static let systemModules: Set<String> = ["Foundation", "XCTest", "Glibc", "Musl", "Darwin", "Dispatch", "PackageDescription"]

    /// (name, folder, declared dependencies) of each target in the manifest.
    func targets(_ manifest: String) throws -> [(name: String, folder: String, dependencies: Set<String>)] {
        let pattern = try NSRegularExpression(pattern: #"\.(target|executableTarget|testTarget)\(name: "(\w+)"(?:, dependencies: \[([^\]]*)\])?(?:, path: "([^"]+)")?"#)
        let text = manifest as NSString
        return pattern.matches(in: manifest, range: NSRange(location: 0, length: text.length)).map { match in
            func group(_ index: Int) -> String? {
                match.range(at: index).location == NSNotFound ? nil : text.substring(with: match.range(at: index))
            }
            let kind = group(1)!, name = group(2)!
            let dependencies = (group(3) ?? "").split(separator: ",").map { $0.trimmingCharacters(in: CharacterSet(charactersIn: " \"")) }
            let folder = group(4) ?? (kind == "testTarget" ? "Tests/\(name)" : "Sources/\(name)")
            return (name, folder, Set(dependencies.filter { !$0.isEmpty }))
        }
    }

    /// The modules each Swift file of `target` imports, by file name.
    func imports(of target: (name: String, folder: String, dependencies: Set<String>)) throws -> [(file: String, modules: [String])] {
        let folder = CLITestCase.packageRoot.appendingPathComponent(target.folder)
        let files = FileManager.default.enumerator(atPath: folder.path)?.compactMap { $0 as? String }.filter { $0.hasSuffix(".swift") } ?? []
        let importLine = try NSRegularExpression(pattern: #"^\s*(?:@\w+\s+)*import\s+(\w+)"#, options: .anchorsMatchLines)
        return try files.map { file in
            let text = try String(contentsOf: folder.appendingPathComponent(file), encoding: .utf8) as NSString
            let modules = importLine.matches(in: text as String, range: NSRange(location: 0, length: text.length)).map { text.substring(with: $0.range(at: 1)) }
            return (file, modules)
        }
    }

    func testEveryImportedModuleIsADeclaredDependency() throws {
        let root = CLITestCase.packageRoot
        let manifest = try String(contentsOf: root.appendingPathComponent("Package.swift"), encoding: .utf8)
        let targets = try targets(manifest)
        XCTAssertGreaterThanOrEqual(targets.count, 10, "the manifest's targets were not found")
        for target in targets {
            let files = try imports(of: target)
            XCTAssertFalse(files.isEmpty, "no sources for \(target.name) in \(target.folder)")
            for (file, modules) in files {
                for module in modules where !Self.systemModules.contains(module) && module != target.name {
                    XCTAssertTrue(target.dependencies.contains(module), "\(target.folder)/\(file) imports \(module), which target \(target.name) does not declare")
                }
            }
        }
    }

    /// The other direction: every declared dependency is imported by some source of the target,
    /// so the module graph in Package.swift is exactly the graph of the imports. (A test target
    /// may depend on the `stave` executable without importing it: it runs the built program.)
    func testEveryDeclaredDependencyIsImported() throws {
        let root = CLITestCase.packageRoot
        let manifest = try String(contentsOf: root.appendingPathComponent("Package.swift"), encoding: .utf8)
        let targets = try targets(manifest)
        XCTAssertGreaterThanOrEqual(targets.count, 10, "the manifest's targets were not found")
        var checked = 0
        for target in targets {
            let imported = Set(try imports(of: target).flatMap(\.modules))
            for dependency in target.dependencies where dependency != "stave" {
                XCTAssertTrue(imported.contains(dependency), "target \(target.name) declares \(dependency), which none of its sources imports")
                checked += 1
            }
        }
        XCTAssertGreaterThanOrEqual(checked, 30, "declared dependencies examined")
    }

    /// The lines of a Swift file with the `#if` conditions in force at each.
    func conditions(_ text: String) -> [(line: String, conditions: [String])] {
        var stack: [String] = []
        var out: [(String, [String])] = []
        for line in text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init) {
            let trimmed = line.trimmingCharacters(in: .whitespaces)
            if trimmed.hasPrefix("#if ") {
                stack.append(String(trimmed.dropFirst(4)))
            } else if trimmed.hasPrefix("#elseif ") {
                stack[stack.count - 1] = String(trimmed.dropFirst(8))
            } else if trimmed == "#else" {
                stack[stack.count - 1] = "!(" + stack[stack.count - 1] + ")"
            } else if trimmed == "#endif" {
                stack.removeLast()
            } else {
                out.append((line, stack))
            }
        }
        return out
    }

    /// Glibc is imported and named only under `#if canImport(Glibc)`, and a file that imports it
    /// has a Darwin branch too, unless everything it does is glibc tuning (`HeapTuning`).
    func testGlibcIsNeverTheOnlyCLibrary() throws {
        let sources = CLITestCase.packageRoot.appendingPathComponent("Sources")
        let files = FileManager.default.enumerator(atPath: sources.path)?.compactMap { $0 as? String }.filter { $0.hasSuffix(".swift") } ?? []
        XCTAssertFalse(files.isEmpty)
        var examined = 0
        defer { XCTAssertGreaterThanOrEqual(examined, 4, "files that use Glibc (SystemIO, main, …)") }
        for file in files {
            let text = try String(contentsOf: sources.appendingPathComponent(file), encoding: .utf8)
            guard text.contains("Glibc") else { continue }
            examined += 1
            for (line, conditions) in conditions(text) where line.contains("Glibc") && !line.trimmingCharacters(in: .whitespaces).hasPrefix("//") {
                XCTAssertTrue(conditions.contains("canImport(Glibc)"), "\(file): '\(line)' outside #if canImport(Glibc)")
            }
            if text.contains("import Glibc"), !file.hasSuffix("HeapTuning.swift") {
                XCTAssertTrue(text.contains("#elseif canImport(Darwin)\nimport Darwin"), "\(file) imports Glibc without a Darwin branch")
            }
        }
    }
}

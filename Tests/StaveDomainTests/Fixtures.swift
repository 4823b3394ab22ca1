import Foundation

/// Files of the package the tests read: examples and fixtures, found from this file's path.
enum Fixtures {
    /// The package root (three levels above this file).
    static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

    /// The files in a folder of the package with an extension, sorted by name.
    static func files(in folder: String, withExtension pathExtension: String) -> [URL] {
        let directory = root.appendingPathComponent(folder)
        let names = (try? FileManager.default.contentsOfDirectory(atPath: directory.path)) ?? []
        return names.filter { $0.hasSuffix("." + pathExtension) }.sorted().map { directory.appendingPathComponent($0) }
    }

    /// The files under a folder and its subfolders with an extension, sorted by path.
    static func allFiles(under folder: String, withExtension pathExtension: String) -> [URL] {
        let directory = root.appendingPathComponent(folder)
        guard let enumerator = FileManager.default.enumerator(atPath: directory.path) else { return [] }
        var paths: [String] = []
        while let path = enumerator.nextObject() as? String {
            if path.hasSuffix("." + pathExtension) { paths.append(path) }
        }
        return paths.sorted().map { directory.appendingPathComponent($0) }
    }

    /// The subfolders of a folder, sorted by name.
    static func folders(in folder: String) -> [String] {
        let directory = root.appendingPathComponent(folder)
        let names = (try? FileManager.default.contentsOfDirectory(atPath: directory.path)) ?? []
        return names.filter { name in
            var isDirectory: ObjCBool = false
            return FileManager.default.fileExists(atPath: directory.appendingPathComponent(name).path, isDirectory: &isDirectory) && isDirectory.boolValue
        }.sorted()
    }

    static func bytes(_ url: URL) throws -> [UInt8] {
        Array(try Data(contentsOf: url))
    }

    static func text(_ url: URL) throws -> String {
        String(decoding: try bytes(url), as: UTF8.self)
    }
}

import Foundation
import Testing
import _TestSupport

/// The repository explains itself: no comment, document, schema or script points to notes that
/// are not in it (a design document or style guide kept elsewhere, a team folder, this machine's
/// paths). The conventions and formulas live in the DocC catalogs (`Sources/*/*.docc`).
@Suite struct SelfContainedDocsTests {
  /// The forbidden phrases, assembled so that this file does not contain them.
  static let forbidden: [String] = [
    "DESIGN" + " §", "DESIGN" + ".md", "BENCHMARKS" + ".md", "STYLE" + ".md", "shared" + " folder",
    "/" + "work/",
  ]

  /// The files that are read: code, documentation, scripts, the schema and the fuzz
  /// dictionaries (recordings and fixtures are data and are not read).
  static func files() throws -> [URL] {
    let root = RecordingFixtures.packageRoot()
    let manager = FileManager.default
    var found: [URL] = []
    for directory in ["Sources", "Tests", "Benchmarks", "Fuzz", "scripts", "Scenes/schema", ".ci"] {
      let url = root.appendingPathComponent(directory)
      guard let walker = manager.enumerator(at: url, includingPropertiesForKeys: nil) else {
        continue
      }
      for case let file as URL in walker
      where ["swift", "md", "json", "py", "sh", "dict", "h", "c", ""].contains(file.pathExtension)
        && !file.path.contains("/Tests/Fixtures/")
      {
        var isDirectory: ObjCBool = false
        if manager.fileExists(atPath: file.path, isDirectory: &isDirectory), !isDirectory.boolValue
        {
          found.append(file)
        }
      }
    }
    for file in [
      "README.md", "CHANGELOG.md", "Package.swift", "Scenes/README.md", "Fuzz/README.md",
    ] {
      let url = root.appendingPathComponent(file)
      if manager.fileExists(atPath: url.path) { found.append(url) }
    }
    return found
  }

  @Test func noFilePointsOutsideTheRepository() throws {
    let files = try Self.files()
    // The walk must have found the sources (a wrong root would pass vacuously).
    #expect(files.count > 200, "only \(files.count) files found")
    #expect(files.contains { $0.lastPathComponent == "CoordinateSpaces.md" })
    var offences: [String] = []
    for file in files {
      guard let text = try? String(contentsOf: file, encoding: .utf8) else { continue }
      for (number, line) in text.split(separator: "\n", omittingEmptySubsequences: false)
        .enumerated()
      {
        for phrase in Self.forbidden where line.contains(phrase) {
          offences.append("\(file.path):\(number + 1): \(phrase)")
        }
      }
    }
    #expect(offences == [], "\(offences.joined(separator: "\n"))")
  }
}

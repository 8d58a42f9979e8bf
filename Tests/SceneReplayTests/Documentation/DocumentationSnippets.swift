import Foundation
import Testing
import _TestSupport

/// Holds the Swift in the docs equal to code that the tests compile and run: each ```` ```swift ````
/// block of a document, in order, must equal the text between a `// snippet begin` line and the
/// next `// snippet end` line of a test file (compared without their common indentation). Lines
/// from `// snippet pause` to `// snippet resume` are left out, so that one block can start with
/// imports at file level and go on inside a test function: each part is dedented on its own,
/// trimmed of blank lines at its ends, and the parts are joined by one blank line.
enum DocumentationSnippets {
  /// The ```` ```swift ```` blocks of the Markdown file at `relativePath` (from the package root),
  /// each without its fences.
  static func swiftBlocks(ofDocument relativePath: String) throws -> [String] {
    swiftBlocks(
      inMarkdown: try String(
        contentsOf: RecordingFixtures.packageRoot().appendingPathComponent(relativePath),
        encoding: .utf8))
  }

  /// The ```` ```swift ```` blocks of Markdown text, each without its fences.
  static func swiftBlocks(inMarkdown text: String) -> [String] {
    var blocks: [String] = []
    var current: [Substring]?
    for line in text.split(separator: "\n", omittingEmptySubsequences: false) {
      let trimmed = line.trimmingCharacters(in: .whitespaces)
      if current == nil, trimmed == "```swift" {
        current = []
      } else if current != nil, trimmed == "```" {
        blocks.append(dedented(current ?? []))
        current = nil
      } else if current != nil {
        current?.append(line)
      }
    }
    return blocks
  }

  /// The snippet regions of the Swift file at `filePath` (pass `#filePath`), in order.
  static func regions(ofTestFile filePath: String) throws -> [String] {
    regions(inSwift: try String(contentsOf: URL(fileURLWithPath: filePath), encoding: .utf8))
  }

  /// The snippet regions of Swift source text, in order.
  static func regions(inSwift text: String) -> [String] {
    var regions: [String] = []
    var parts: [String] = []
    var current: [Substring]?
    var paused = false
    for line in text.split(separator: "\n", omittingEmptySubsequences: false) {
      switch line.trimmingCharacters(in: .whitespaces) {
      case "// snippet begin":
        current = []
        parts = []
        paused = false
      case "// snippet pause" where current != nil:
        parts.append(dedented(current ?? []))
        current = []
        paused = true
      case "// snippet resume" where current != nil:
        paused = false
      case "// snippet end" where current != nil:
        parts.append(dedented(current ?? []))
        regions.append(
          parts.map { $0.trimmingCharacters(in: .newlines) }.joined(separator: "\n\n"))
        current = nil
      default:
        if current != nil, !paused { current?.append(line) }
      }
    }
    return regions
  }

  /// The lines joined, without the indentation they all share (blank lines aside).
  static func dedented(_ lines: [Substring]) -> String {
    let indents = lines.filter { !$0.allSatisfy(\.isWhitespace) }
      .map { $0.prefix(while: { $0 == " " }).count }
    let common = indents.min() ?? 0
    return lines.map { $0.allSatisfy(\.isWhitespace) ? "" : String($0.dropFirst(common)) }
      .joined(separator: "\n")
  }

  /// Records an issue unless the document's Swift blocks equal the test file's regions.
  static func expectInSync(
    document relativePath: String, testFile filePath: String,
    sourceLocation: SourceLocation = #_sourceLocation
  ) throws {
    try expectInSync(
      document: relativePath, testFiles: [filePath], sourceLocation: sourceLocation)
  }

  /// Records an issue unless the document's Swift blocks equal the regions of the test files,
  /// taken in the order given.
  static func expectInSync(
    document relativePath: String, testFiles filePaths: [String],
    sourceLocation: SourceLocation = #_sourceLocation
  ) throws {
    let blocks = try Self.swiftBlocks(ofDocument: relativePath)
    let regions = try filePaths.flatMap { try Self.regions(ofTestFile: $0) }
    #expect(!blocks.isEmpty, "\(relativePath) has no swift block", sourceLocation: sourceLocation)
    #expect(
      blocks.count == regions.count,
      "\(relativePath): \(blocks.count) swift blocks, \(regions.count) snippet regions",
      sourceLocation: sourceLocation)
    for (index, (block, region)) in zip(blocks, regions).enumerated() {
      #expect(
        block == region, "\(relativePath): swift block \(index + 1) differs from its test region",
        sourceLocation: sourceLocation)
    }
  }
}

/// The checker itself, on hand-written text, and the list of checked documents.
@Suite struct DocumentationSnippetsTests {
  /// The documents whose Swift blocks a test here compiles and runs (with the test file that
  /// holds them).
  static let checkedDocuments: Set<String> = [
    "README.md",
    "Sources/ARSimulation/ARSimulation.docc/Errors.md",
    "Sources/Placement/Placement.docc/Filters.md",
    "Sources/Placement/Placement.docc/ObservationToMarker.md",
    "Sources/SceneReplay/SceneReplay.docc/ReplayAndSweepsFromSwift.md",
    "Sources/SessionRecording/SessionRecording.docc/RecordingYourOwnSessions.md",
    "Sources/SessionSimulation/SessionSimulation.docc/SessionSimulation.md",
    "Sources/SessionSimulation/SessionSimulation.docc/TestingYourPlacementCode.md",
    "Sources/SpatialMath/SpatialMath.docc/SpatialMath.md",
  ]

  /// A new Swift block in the README or a DocC catalog needs a test that compiles it: add the
  /// document above and its regions to a test file in this folder.
  @Test func everyDocumentWithSwiftBlocksIsChecked() throws {
    let root = RecordingFixtures.packageRoot()
    var documents = ["README.md"]
    let sources = root.appendingPathComponent("Sources")
    for module in try FileManager.default.contentsOfDirectory(atPath: sources.path) {
      let moduleDirectory = sources.appendingPathComponent(module)
      for entry in try FileManager.default.contentsOfDirectory(atPath: moduleDirectory.path)
      where entry.hasSuffix(".docc") {
        let catalog = moduleDirectory.appendingPathComponent(entry)
        guard let enumerator = FileManager.default.enumerator(atPath: catalog.path) else {
          continue
        }
        for case let file as String in enumerator where file.hasSuffix(".md") {
          documents.append("Sources/\(module)/\(entry)/\(file)")
        }
      }
    }
    #expect(documents.count > Self.checkedDocuments.count)
    let withSwift = try documents.filter {
      !(try DocumentationSnippets.swiftBlocks(ofDocument: $0)).isEmpty
    }
    #expect(Set(withSwift) == Self.checkedDocuments)
  }

  @Test func dedentsKeepingRelativeIndentation() {
    #expect(
      DocumentationSnippets.dedented(["    let a = 1", "", "      f(a)"]) == "let a = 1\n\n  f(a)")
    #expect(DocumentationSnippets.dedented([]) == "")
  }

  @Test func findsSwiftBlocksOnly() {
    let markdown = """
      # Title
      ```swift
      let a = 1
      ```
      ```sh
      swift test
      ```
        ```swift
        f(a)
          g()
        ```
      """
    #expect(
      DocumentationSnippets.swiftBlocks(inMarkdown: markdown) == ["let a = 1", "f(a)\n  g()"])
  }

  @Test func findsRegionsBetweenMarkerLines() {
    let source = """
      import A
      // snippet begin
      import B
      // snippet end
      func f() {
        let x = 0  // snippet begin
        // snippet begin
        let y = 1

        g(y)
        // snippet end
      }
      """
    #expect(DocumentationSnippets.regions(inSwift: source) == ["import B", "let y = 1\n\ng(y)"])
    let paused = """
      // snippet begin
      import B
      // snippet pause
      import C
      func f() {
        let setup = 0
        // snippet resume
        let y = setup
        // snippet end
      }
      """
    #expect(DocumentationSnippets.regions(inSwift: paused) == ["import B\n\nlet y = setup"])
  }
}

import Foundation
import Testing
import _TestSupport

/// Comments explain the code, not its history: no comment in `Sources`, `Tests`, `Benchmarks`,
/// `Examples`, `Fuzz` or `scripts` names an issue, a tracker reference, a commit or a round of
/// work (they mean nothing to a user reading the code; the CHANGELOG and the commit messages hold
/// the history).
@Suite("Comments name no issues, commits or rounds")
struct HistoryCommentTests {
  static let root = RecordingFixtures.packageRoot()
  static let directories = ["Sources", "Tests", "Benchmarks", "Examples", "Fuzz", "scripts"]

  /// What a history reference looks like: the word issue (or issues) and a number, a hash sign
  /// and a number, the word commit and an id, a bare abbreviated commit id (7 to 40 hex digits
  /// with a letter and a digit, not part of a number such as `3.4028235e+38`), a round of work
  /// by name or number. This file's own examples (in strings) are not checked.
  static let patterns: [NSRegularExpression] = [
    #"(?i)\bissues? #?\d+"#,
    #"(?<![\w&])#\d+\b"#,
    #"(?i)\bcommits? [0-9a-f]{7,40}\b"#,
    #"(?<![\w.])(?=[0-9a-f]*[a-f])(?=[0-9a-f]*\d)[0-9a-f]{7,40}(?![\w.+-])"#,
    #"(?i)\b(this|last|previous|next|first|second|third) round\b|\bround \d+\b"#,
  ].map { try! NSRegularExpression(pattern: $0) }

  /// The comment on `line` of a file with extension `fileExtension`: after `//` in Swift and C,
  /// after `#` (at the start or after a space) in shell and Python; `nil` when there is none.
  static func comment(in line: Substring, fileExtension: String) -> Substring? {
    switch fileExtension {
    case "swift", "c", "h":
      return line.range(of: "//").map { line[$0.upperBound...] }
    case "sh", "py":
      if line.first == "#" { return line.dropFirst() }
      return line.range(of: " #").map { line[$0.upperBound...] }
    default:
      return nil
    }
  }

  /// The history references in `comment`, as matched.
  static func references(in comment: Substring) -> [String] {
    let text = String(comment)
    let range = NSRange(text.startIndex..., in: text)
    return patterns.flatMap { pattern in
      pattern.matches(in: text, range: range).compactMap { Range($0.range, in: text) }
        .map { String(text[$0]) }
    }
  }

  /// The files checked: every Swift, C, shell and Python file under `directories` except the
  /// test fixtures (data, not code).
  static func files() -> [URL] {
    var found: [URL] = []
    for directory in directories {
      let url = root.appendingPathComponent(directory)
      guard let walker = FileManager.default.enumerator(at: url, includingPropertiesForKeys: nil)
      else { continue }
      for case let file as URL in walker
      where ["swift", "c", "h", "sh", "py"].contains(file.pathExtension)
        && !file.path.contains("/Tests/Fixtures/") && file.path != #filePath
      {
        found.append(file)
      }
    }
    return found.sorted { $0.path < $1.path }
  }

  @Test func theCheckFindsEachKindOfReference() {
    let caught: [(String, String)] = [
      ("/// The contract of issue 9.", "swift"), ("// see #12", "swift"),
      ("// before commit 9ac101b", "c"), ("# at 9ac101b the goal was", "sh"),
      ("x = 1  # this round's goal", "py"), ("// Issues 3 and 4", "swift"),
    ]
    for (line, fileExtension) in caught {
      let comment = Self.comment(in: Substring(line), fileExtension: fileExtension)
      #expect(!Self.references(in: comment ?? "").isEmpty, "\(line)")
    }
    let clean: [(String, String)] = [
      ("/// magnitude at most 3.4028235e+38, got 1e+39", "swift"),
      ("let s = \"issue 9\"", "swift"), ("// P = 3.7015621e-5, rounded to 0.01", "swift"),
      ("/// a 1920x1440 image, 0x1F bits", "swift"), ("set -euo pipefail", "sh"),
    ]
    for (line, fileExtension) in clean {
      let comment = Self.comment(in: Substring(line), fileExtension: fileExtension)
      #expect(Self.references(in: comment ?? "").isEmpty, "\(line)")
    }
  }

  @Test func noCommentNamesAnIssueACommitOrARound() throws {
    let files = Self.files()
    #expect(files.count > 300, "found only \(files.count) files under \(Self.root.path)")
    for file in files {
      let text = try String(contentsOf: file, encoding: .utf8)
      let relative = String(file.path.dropFirst(Self.root.path.count + 1))
      for (index, line) in text.split(separator: "\n", omittingEmptySubsequences: false)
        .enumerated()
      {
        guard let comment = Self.comment(in: line, fileExtension: file.pathExtension) else {
          continue
        }
        for reference in Self.references(in: comment) {
          Issue.record(
            "\(relative):\(index + 1): the comment names \"\(reference)\" (history belongs in the CHANGELOG and commit messages): \(line.trimmingCharacters(in: .whitespaces))"
          )
        }
      }
    }
  }
}

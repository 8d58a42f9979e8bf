import Foundation
import Testing
import _TestSupport

/// Text from data reaches the terminal escaped (no ESC sequence, no forged line); JSON output
/// stays exact. End to end through the binary.
@Suite("arsim terminal safety (end to end)")
struct TerminalSafetyTests {
  /// A truth id that would clear the screen and forge a metrics line: in the recording as JSON
  /// escapes, in the text output as Swift escapes.
  static let hostileID = #"hazard\u001b[2J\nMOTA 1.000 forged\u202e"#
  static let escapedID = #"hazard\u{1B}[2J\u{A}MOTA 1.000 forged\u{202E}"#
  static let decodedID = "hazard\u{1B}[2J\nMOTA 1.000 forged\u{202E}"

  static func recording() throws -> String {
    let path = RecordingFixtures.packageRoot().appendingPathComponent(
      "Scenes/recordings/dashboard-three-frames.json"
    ).path
    return try String(contentsOfFile: path, encoding: .utf8)
  }

  static func recording(replacing old: String, with new: String) throws -> String {
    let text = try recording()
    #expect(text.contains(old))
    return text.replacingOccurrences(of: old, with: new)
  }

  @Test func replayTableEscapesATruthIDAndJSONKeepsIt() throws {
    let hostile = try Self.recording(replacing: #""hazard-1""#, with: "\"\(Self.hostileID)\"")
    let plain = try ArsimRunner.run(["replay", "-"], stdin: try Self.recording())
    let text = try ArsimRunner.run(["replay", "-"], stdin: hostile)
    #expect(text.status == 0, "\(text.stderr)")
    #expect(!text.stdout.contains("\u{1B}") && !text.stdout.contains("\u{202E}"))
    #expect(text.stdout.contains("time to first confirmed (s): \(Self.escapedID) -"))
    // No forged line: as many lines as with the plain id.
    #expect(text.stdout.split(separator: "\n").count == plain.stdout.split(separator: "\n").count)
    // JSON is exact: the id decodes to the very characters of the recording.
    let json = try ArsimRunner.run(["replay", "-", "--json"], stdin: hostile)
    let object = try #require(
      try JSONSerialization.jsonObject(with: Data(json.stdout.utf8)) as? [String: Any])
    let metrics = try #require(object["metrics"] as? [String: Any])
    let first = try #require(metrics["timeToFirstConfirmedSeconds"] as? [String: Any])
    #expect(Array(first.keys) == [Self.decodedID])
  }

  @Test func errorMessagesEscapeKeysFromData() throws {
    // An unknown member whose key holds ESC and a newline, refused by --strict.
    let hostile = try Self.recording(
      replacing: #""format": "arplacementsim.recording","#,
      with: #""format": "arplacementsim.recording", "x\u001b]0;pwned\u0007\nforged": 1,"#)
    let result = try ArsimRunner.run(["validate", "--strict", "-"], stdin: hostile)
    #expect(result.status == 1)
    #expect(!result.stderr.contains("\u{1B}") && !result.stderr.contains("\u{7}"))
    #expect(result.stderr.contains(#"x\u{1B}]0;pwned\u{7}\u{A}forged"#), "\(result.stderr)")
    // Two lines: the file's error and the count.
    #expect(result.stderr.split(separator: "\n").count == 2, "\(result.stderr)")
  }

  @Test func pathsAndCommandNamesAreEscaped() throws {
    let unknown = try ArsimRunner.run(["\u{1B}[31mreplay"])
    #expect(unknown.status == 64 && unknown.stderr.contains(#""\u{1B}[31mreplay""#))
    let missing = try ArsimRunner.run(["validate", "/nonexistent/a\nvalid (3 frames)\u{1B}.json"])
    #expect(missing.status == 1 && !missing.stderr.contains("\u{1B}"))
    #expect(missing.stderr.split(separator: "\n").count == 2, "\(missing.stderr)")
  }
}

import Foundation
import Testing

@Suite("arsim validate (end to end)")
struct ValidateCommandTests {
  static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
    .deletingLastPathComponent().deletingLastPathComponent()

  @Test("The sample recordings are valid, strictly too")
  func samples() throws {
    let files = [
      "Scenes/recordings/dashboard-three-frames.json",
      "Scenes/recordings/dashboard-three-frames.jsonl",
    ]
    .map { Self.root.appendingPathComponent($0).path }
    let result = try ArsimRunner.run(["validate", "--strict"] + files)
    #expect(result.status == 0, "\(result.stderr)")
    #expect(result.stdout.contains("valid (3 frames)"))
  }

  @Test("Unknown members pass by default and fail under --strict, naming the member")
  func strict() throws {
    let source = Self.root.appendingPathComponent("Scenes/recordings/dashboard-three-frames.json")
    var text = try String(contentsOf: source, encoding: .utf8)
    // Add a member the format does not define to the top-level object.
    text = "{\"sensorTemperature\": 31.5," + text.drop { $0 != "{" }.dropFirst()
    let file = FileManager.default.temporaryDirectory
      .appendingPathComponent("ValidateCommandTests-\(UUID().uuidString).json")
    try Data(text.utf8).write(to: file)
    defer { try? FileManager.default.removeItem(at: file) }
    #expect(try ArsimRunner.run(["validate", file.path]).status == 0)
    let strict = try ArsimRunner.run(["validate", "--strict", file.path])
    #expect(strict.status == 1)
    #expect(strict.stderr.contains("sensorTemperature"), "\(strict.stderr)")
  }

  @Test("A camera with distortion and vision with a scale-fit alignment pass --strict")
  func distortionIsPartOfTheFormat() throws {
    let source = Self.root.appendingPathComponent("Scenes/recordings/dashboard-three-frames.json")
    var text = try String(contentsOf: source, encoding: .utf8)
    // The camera's one JSON form carries `distortion`; the vision form, `scaleFitAlignment`.
    let camera = "\"camera\": {"
    let vision = "\"vision\": {"
    try #require(text.contains(camera) && text.contains(vision))
    text = text.replacingOccurrences(
      of: camera, with: camera + "\"distortion\":{\"k1\":0.05,\"k2\":-0.01},")
    text = text.replacingOccurrences(
      of: vision, with: vision + "\"scaleFitAlignment\":{\"horizontal\":0,\"vertical\":0},")
    let file = FileManager.default.temporaryDirectory
      .appendingPathComponent("ValidateCommandTests-\(UUID().uuidString).json")
    try Data(text.utf8).write(to: file)
    defer { try? FileManager.default.removeItem(at: file) }
    let result = try ArsimRunner.run(["validate", "--strict", file.path])
    #expect(result.status == 0, "\(result.stderr)")
  }

  @Test("A frame the simulation cannot use is reported with its frame and path")
  func domainError() throws {
    let file = Self.root.appendingPathComponent(
      "Tests/Fixtures/bad-inputs/domain-plane-scaled-transform.json"
    ).path
    let result = try ArsimRunner.run(["validate", file])
    #expect(result.status == 1)
    #expect(result.stderr.contains("domain-plane-scaled-transform.json"))
    #expect(
      result.stderr.contains("frames[") && result.stderr.contains("planes["), "\(result.stderr)")
  }

  @Test("No file is a usage error")
  func usage() throws {
    #expect(try ArsimRunner.run(["validate"]).status == 64)
  }
}

import Foundation
import Testing

@Suite("arsim import (end to end)")
struct ImportCommandTests {
  @Test(
    "Usage errors exit 64 and name the problem",
    arguments: [
      ([String](), "missing FORMAT"),
      (
        ["colmap", "d"],
        "argument FORMAT: unknown value \"colmap\"; expected one of: arkit-data-logger"
      ),
      (["arkit-data-logger"], "missing DIR"),
      (["arkit-data-logger", "d", "--image-size", "1x1", "--out", "o"], "--intrinsics"),
      (
        ["arkit-data-logger", "d", "--intrinsics", "1,2,3", "--image-size", "1x1", "--out", "o"],
        "--intrinsics"
      ),
      (
        ["arkit-data-logger", "d", "--intrinsics", "0,2,3,4", "--image-size", "1x1", "--out", "o"],
        "--intrinsics"
      ),
      (
        [
          "arkit-data-logger", "d", "--intrinsics", "1,2,3,4", "--image-size", "1920", "--out", "o",
        ], "--image-size"
      ),
      (["arkit-data-logger", "d", "--intrinsics", "1,2,3,4", "--image-size", "2x2"], "--out"),
      (["arkit-data-logger", "d", "--verbose"], "--verbose"),
      (["arkit-data-logger", "d", "--out"], "--out"),
    ])
  func usageErrors(arguments: [String], message: String) throws {
    let result = try ArsimRunner.run(["import"] + arguments)
    #expect(result.status == 64)
    #expect(result.stderr.contains(message), "\(result.stderr)")
  }

  @Test("A missing directory is a runtime error (exit 1)")
  func runtimeError() throws {
    let result = try ArsimRunner.run([
      "import", "arkit-data-logger", "/nonexistent/logger", "--intrinsics", "1,1,0,0",
      "--image-size", "2x2", "--out", "/nonexistent/out.json",
    ])
    #expect(result.status == 1)
    #expect(result.stderr.contains("ARKit_camera_pose.txt"), "\(result.stderr)")
  }

  @Test("Imports a two-frame log: seconds from nanoseconds, row-major rows to column-major")
  func importsASmallDirectory() throws {
    let directory = FileManager.default.temporaryDirectory
      .appendingPathComponent("ImportCommandTests-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: directory) }
    // Second pose: identity rotation, translation x = 0.5 (the 4th number of the first row).
    try Data("# h\n1000000000 1 0 0 0 0 1 0 0 0 0 1 0\n2000000000 1 0 0 0.5 0 1 0 0 0 0 1 0\n".utf8)
      .write(to: directory.appendingPathComponent("ARKit_camera_pose.txt"))
    let output = directory.appendingPathComponent("out.json").path
    let result = try ArsimRunner.run([
      "import", "arkit-data-logger", directory.path, "--intrinsics", "100,100,50,40",
      "--image-size", "100x80", "--out", output,
    ])
    #expect(result.status == 0, "\(result.stderr)")
    #expect(result.stdout.contains("imported 2 frames"))
    let text = try String(contentsOfFile: output, encoding: .utf8)
    #expect(text.contains(#""timestamp":1}"#))
    #expect(text.contains(#""timestamp":2}"#))
    #expect(text.contains(#""transform":[1,0,0,0,0,1,0,0,0,0,1,0,0.5,0,0,1]"#))
    #expect(text.contains(#""intrinsics":[100,0,0,0,100,0,50,40,1]"#))
  }
}

import Foundation
import Testing
import _TestSupport

@Suite("arsim import (end to end)")
struct ImportCommandTests {
  @Test(
    "Usage errors exit 64 and name the problem",
    arguments: [
      (["colmap", "d"], "arsim import: unknown subcommand \"colmap\""),
      (["arkit-data-loger", "d"], "did you mean arkit-data-logger?"),
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
    // Each subcommand names what it lacks.
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

  @Test("Without a subcommand: the group's help on standard error, exit 64")
  func bareImport() throws {
    let result = try ArsimRunner.run(["import"])
    #expect(result.status == 64)
    #expect(result.stderr.contains("arcore-data-logger"), "\(result.stderr)")
  }

  @Test(
    "ARCore logger usage errors exit 64 naming the option",
    arguments: [
      (
        ["--intrinsics", "1,1,0,0", "--image-size", "2x2", "--rotation", "0", "--out", "o"],
        "--display"
      ),
      (
        [
          "--intrinsics", "1,1,0,0", "--image-size", "2x2", "--display", "10x20", "--rotation",
          "45", "--out", "o",
        ],
        "--rotation"
      ),
      (
        [
          "--intrinsics", "1,1,0,0", "--image-size", "2x2", "--display", "10x20", "--rotation", "0",
          "--sensor-orientation", "30", "--out", "o",
        ], "--sensor-orientation"
      ),
    ])
  func arcoreUsageErrors(arguments: [String], option: String) throws {
    let result = try ArsimRunner.run(["import", "arcore-data-logger", "d"] + arguments)
    #expect(result.status == 64)
    #expect(result.stderr.contains(option), "\(result.stderr)")
  }

  @Test("Imports an ARCore logger pose: the sensor frame turned into the camera's axes")
  func importsAnARCoreLog() throws {
    let directory = FileManager.default.temporaryDirectory
      .appendingPathComponent("ImportCommandTests-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: directory) }
    // The identity sensor pose at x = 0.5: with a 90° sensor the camera's x is the sensor's -y.
    try Data("# h\n1000000000 0 0 0 1 0.5 0 0\n".utf8)
      .write(to: directory.appendingPathComponent("ARCore_sensor_pose.txt"))
    let output = directory.appendingPathComponent("out.json").path
    let result = try ArsimRunner.run([
      "import", "arcore-data-logger", directory.path, "--intrinsics", "100,100,50,40",
      "--image-size", "100x80", "--display", "1080x2400", "--rotation", "0", "--out", output,
    ])
    #expect(result.status == 0, "\(result.stderr)")
    #expect(result.stdout.contains("imported 1 frames"))
    let text = try String(contentsOfFile: output, encoding: .utf8)
    #expect(text.contains(#""platform":"arcore""#))
    #expect(text.contains(#""transform":[0,-1,0,0,1,0,0,0,0,0,1,0,0.5,0,0,1]"#))
    #expect(text.contains(#""rotation":"ROTATION_0""#))
  }

  /// The "done" path for Objectron: a clip encoded from the published schema on the real ARKit
  /// Data Logger trajectory, imported (boxes from the detector model), validated, replayed: a
  /// confirmed marker lands on the annotated box.
  @Test(
    "An Objectron clip on a real trajectory imports, validates and replays onto the box",
    .enabled(if: RealData.arkit.testsRun, "real data missing and ARSIM_ALLOW_MISSING_REAL_DATA=1"))
  func objectronClipReplaysOntoTheBox() throws {
    let clip = try ObjectronClip(loggerDirectory: try RealData.arkit.requireDirectory())
    let directory = FileManager.default.temporaryDirectory
      .appendingPathComponent("ImportCommandTests-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: directory) }
    let geometry = directory.appendingPathComponent("geometry.pbdata")
    let annotation = directory.appendingPathComponent("annotation.pbdata")
    try Data(clip.geometry).write(to: geometry)
    try Data(clip.annotation).write(to: annotation)
    let output = directory.appendingPathComponent("clip.json").path
    let imported = try ArsimRunner.run([
      "import", "objectron", "--geometry", geometry.path, "--annotation", annotation.path,
      "--seed", "3", "--out", output,
    ])
    #expect(imported.status == 0, "\(imported.stderr)")
    #expect(imported.stdout.contains("imported 300 frames"), "\(imported.stdout)")
    #expect(imported.stdout.contains("1 truth objects"), "\(imported.stdout)")
    let validated = try ArsimRunner.run(["validate", output])
    #expect(validated.status == 0, "\(validated.stdout) \(validated.stderr)")
    let replayed = try ArsimRunner.run(["replay", output, "--json"])
    #expect(replayed.status == 0, "\(replayed.stderr)")
    let report = try #require(
      try JSONSerialization.jsonObject(with: Data(replayed.stdout.utf8)) as? [String: Any])
    let markers = try #require(report["markers"] as? [[String: Any]])
    let onBox = markers.filter {
      $0["truthID"] as? String == "book-7" && $0["label"] as? String == "book"
    }
    #expect(!onBox.isEmpty, "\(markers)")
    let metrics = try #require(report["metrics"] as? [String: Any])
    let error = try #require(metrics["placementErrorRMSMillimeters"] as? Double)
    print("objectron clip: placement error RMS \(error) mm, MOTA \(metrics["mota"] ?? "-")")
    #expect(error < 40)
  }

  @Test("Imports a Lightship capture: pose4x4 column-major (OpenGL axes = ARKit's) as is")
  func importsALightshipCapture() throws {
    let directory = FileManager.default.temporaryDirectory
      .appendingPathComponent("ImportCommandTests-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: directory) }
    try Data(
      #"{"frames": [{"timestamp": 5, "pose4x4": [1,0,0,0, 0,1,0,0, 0,0,1,0, 0.5,1.5,-2,1], "resolution": [1920, 1440], "intrinsics": [1500, 1500, 960, 720, 0], "tracking": 2}]}"#
        .utf8
    ).write(to: directory.appendingPathComponent("capture.json"))
    let output = directory.appendingPathComponent("out.json").path
    let result = try ArsimRunner.run(["import", "lightship", directory.path, "--out", output])
    #expect(result.status == 0, "\(result.stderr)")
    let text = try String(contentsOfFile: output, encoding: .utf8)
    #expect(text.contains(#""transform":[1,0,0,0,0,1,0,0,0,0,1,0,0.5,1.5,-2,1]"#))
    #expect(text.contains(#""intrinsics":[1500,0,0,0,1500,0,960,720,1]"#))
    let missing = try ArsimRunner.run(["import", "lightship", "/nonexistent/dir", "--out", output])
    #expect(missing.status == 1 && missing.stderr.contains("capture.json"), "\(missing.stderr)")
  }
}

import Foundation
import Testing

@testable import arsim

@Suite struct ImportCommandTests {
  @Test func parsesAFullInvocation() throws {
    let parsed = try ImportCommand.parse([
      "arkit-data-logger", "/data/logger", "--intrinsics", "1460,1461,960,720", "--image-size=1920x1440",
      "--out", "out.jsonl",
    ])
    guard case .run(let options) = parsed else {
      Issue.record("expected run")
      return
    }
    #expect(options.directory == "/data/logger")
    #expect(options.focalLengthPixels == SIMD2(1460, 1461))
    #expect(options.principalPointPixels == SIMD2(960, 720))
    #expect(options.imageResolution.width == 1920 && options.imageResolution.height == 1440)
    #expect(options.outputPath == "out.jsonl")
  }

  @Test func helpWins() throws {
    #expect(try ImportCommand.parse(["arkit-data-logger", "--help"]) == .help)
    #expect(ImportCommand.run(arguments: ["-h"]) == 0)
  }

  @Test(arguments: [
    ([String](), "missing the source format (arkit-data-logger)"),
    (["colmap", "d"], "unknown source format \"colmap\"; supported: arkit-data-logger"),
    (["arkit-data-logger"], "missing DIR"),
    (["arkit-data-logger", "d", "--image-size", "1x1", "--out", "o"], "missing --intrinsics FX,FY,OX,OY"),
    (["arkit-data-logger", "d", "--intrinsics", "1,2,3", "--image-size", "1x1", "--out", "o"],
     "--intrinsics expects four numbers FX,FY,OX,OY, got \"1,2,3\""),
    (["arkit-data-logger", "d", "--intrinsics", "0,2,3,4", "--image-size", "1x1", "--out", "o"],
     "--intrinsics focal lengths must be > 0, got \"0,2,3,4\""),
    (["arkit-data-logger", "d", "--intrinsics", "1,2,3,4", "--image-size", "1920", "--out", "o"],
     "--image-size expects WxH with positive integers, got \"1920\""),
    (["arkit-data-logger", "d", "--intrinsics", "1,2,3,4", "--image-size", "2x2"], "missing --out FILE"),
    (["arkit-data-logger", "d", "--verbose"], "unknown option --verbose"),
    (["arkit-data-logger", "d", "--out"], "--out needs a value"),
  ])
  func usageErrorsNameTheOption(arguments: [String], message: String) {
    let error = #expect(throws: ImportCommand.UsageError.self) { try ImportCommand.parse(arguments) }
    #expect(error?.message == message)
    #expect(ImportCommand.run(arguments: arguments) == 64)
  }

  @Test func runtimeErrorsReturnOne() {
    let status = ImportCommand.run(arguments: [
      "arkit-data-logger", "/nonexistent/logger", "--intrinsics", "1,1,0,0", "--image-size", "2x2", "--out",
      "/nonexistent/out.json",
    ])
    #expect(status == 1)
  }

  @Test func importsASmallDirectoryEndToEnd() throws {
    let directory = FileManager.default.temporaryDirectory
      .appendingPathComponent("ImportCommandTests-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: directory) }
    try Data("# h\n1000000000 1 0 0 0 0 1 0 0 0 0 1 0\n2000000000 1 0 0 0.5 0 1 0 0 0 0 1 0\n".utf8)
      .write(to: directory.appendingPathComponent("ARKit_camera_pose.txt"))
    let output = directory.appendingPathComponent("out.json").path
    let status = ImportCommand.run(arguments: [
      "arkit-data-logger", directory.path, "--intrinsics", "100,100,50,40", "--image-size", "100x80", "--out", output,
    ])
    #expect(status == 0)
    let text = try String(contentsOfFile: output, encoding: .utf8)
    #expect(text.contains(#""timestamp":1}"#))
    #expect(text.contains(#""timestamp":2}"#))
    #expect(text.contains(#""transform":[1,0,0,0,0,1,0,0,0,0,1,0,0.5,0,0,1]"#))
    #expect(text.contains(#""intrinsics":[100,0,0,0,100,0,50,40,1]"#))
  }
}

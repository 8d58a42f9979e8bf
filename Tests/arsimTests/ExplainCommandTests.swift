import Foundation
import Testing

@Suite("arsim explain (end to end)")
struct ExplainCommandTests {
  func json(_ text: String) throws -> [String: Any] {
    try #require(try JSONSerialization.jsonObject(with: Data(text.utf8)) as? [String: Any])
  }

  func rect(_ object: [String: Any], _ key: String) throws -> [Double] {
    let r = try #require(object[key] as? [String: Double], "missing \(key)")
    return [r["x"]!, r["y"]!, r["width"]!, r["height"]!]
  }

  @Test("centerCrop of 1920x1080: Vision x 0...1 is image x 0.21875...0.78125")
  func centerCropExample() throws {
    let result = try ArsimRunner.run([
      "explain", "--image-size", "1920x1080", "--orientation", "up", "--crop", "centerCrop",
      "--model-size", "416x416", "--box", "0,0,1,1", "--interface-orientation", "landscapeRight",
      "--viewport", "1920x1080", "--json",
    ])
    #expect(result.status == 0, "\(result.stderr)")
    let object = try json(result.stdout)
    let image = try rect(object, "imageNormalized")
    #expect(abs(image[0] - 0.21875) < 1e-12 && abs(image[2] - 0.5625) < 1e-12)
    let pixels = try rect(object, "imagePixels")
    #expect(abs(pixels[0] - 420) < 1e-9 && abs(pixels[2] - 1080) < 1e-9)
    #expect(
      Set(object.keys) == [
        "visionNormalized", "orientedImageNormalized", "imageNormalized", "imagePixels",
        "viewportNormalized", "viewportPoints", "center", "displayTransform",
      ])
    let center = try #require(object["center"] as? [String: [String: Double]])
    #expect(center["imagePixels"] == ["x": 960, "y": 540])
  }

  @Test("With intrinsics the JSON has a world ray; identity pose puts its origin at 0")
  func ray() throws {
    let result = try ArsimRunner.run([
      "explain", "--box", "0.4,0.4,0.2,0.2", "--intrinsics", "1445,1445,959.5,719.5",
      "--camera-transform", "1,0,0,0,0,1,0,0,0,0,1,0,0.5,1,2,1", "--json",
    ])
    #expect(result.status == 0, "\(result.stderr)")
    let ray = try #require(try json(result.stdout)["ray"] as? [String: [Double]])
    #expect(ray["origin"] == [0.5, 1, 2])
    // Centred box on the 1920x1440 default image, its centre the continuous pixel (960, 720) =
    // ARKit's principal point (959.5, 719.5) + 0.5: the ray looks straight down -z.
    let d = try #require(ray["direction"])
    #expect(abs(d[0]) < 1e-7 && abs(d[1]) < 1e-7 && abs(d[2] + 1) < 1e-7)
  }

  @Test("Subnormal focal lengths: a named error, not \"give --intrinsics\"")
  func subnormalIntrinsics() throws {
    // The box centre is the continuous pixel (960, 720), 0.5 px from ox + 0.5 = 960.5:
    // -0.5 / 1e-320 = -5e319 overflows Double, so there is no direction.
    let result = try ArsimRunner.run([
      "explain", "--box", "0.4,0.4,0.2,0.2", "--intrinsics", "1e-320,1e-320,960,720",
    ])
    #expect(result.status == 64)
    #expect(
      result.stderr.hasPrefix(
        "arsim explain: option --intrinsics: no world ray through the box centre: its camera "
          + "direction is not finite with focal lengths 1e-320, 1e-320 (too small?), or the "
          + "lens distortion cannot be undone there\n"), "\(result.stderr)")
    #expect(result.stdout.isEmpty)
  }

  @Test("The camera transform may also be given as 16 separate arguments")
  func separateTransformArguments() throws {
    let numbers = ["1", "0", "0", "0", "0", "1", "0", "0", "0", "0", "1", "0", "0", "0", "0", "1"]
    let result = try ArsimRunner.run(
      ["explain", "--box", "0,0,1,1", "--intrinsics", "1445,1445,960,720", "--camera-transform"]
        + numbers + ["--json"])
    #expect(result.status == 0, "\(result.stderr)")
  }

  @Test("The table names every space")
  func table() throws {
    let result = try ArsimRunner.run(["explain", "--box", "0.1,0.2,0.3,0.4"])
    #expect(result.status == 0)
    for space in ["vision normalized", "image pixels", "viewport points", "display transform"] {
      #expect(result.stdout.contains(space))
    }
  }

  @Test(
    "Bad values exit 64 and name the option",
    arguments: [
      (["--box", "0,0,1"], "--box"), (["--box", "0,0,1,1", "--crop", "middle"], "--crop"),
      (["--box", "0,0,1,1", "--image-size", "0x1440"], "--image-size"),
      (["--box", "0,0,1,1", "--viewport", "abc"], "--viewport"),
      (["--box", "0,0,1,1", "--orientation", "sideways"], "--orientation"),
      (["--box", "0,0,1,1", "--intrinsics", "0,1445,960,720"], "--intrinsics"),
      (
        [
          "--box", "0,0,1,1", "--intrinsics", "1,1,1,1", "--camera-transform",
          "2,0,0,0,0,2,0,0,0,0,2,0,0,0,0,1",
        ], "--camera-transform"
      ),
      (["--box", "0,0,1,1", "--roi", "0.5,0,0.9,1"], "--roi"),
      (["--box", "0,0,nan,1"], "--box"), (["--frobnicate"], "--frobnicate"), ([], "--box"),
    ])
  func badValues(arguments: [String], option: String) throws {
    let result = try ArsimRunner.run(["explain"] + arguments)
    #expect(result.status == 64)
    #expect(result.stderr.contains(option), "\(result.stderr)")
    #expect(result.stdout.isEmpty)
  }

  @Test(
    "--help works on the tool and every command",
    arguments: [["--help"], ["explain", "--help"], ["project", "--help"]])
  func help(arguments: [String]) throws {
    let result = try ArsimRunner.run(arguments)
    #expect(result.status == 0)
    #expect(result.stdout.contains("USAGE"))
  }

  @Test("An unknown command exits 64")
  func unknownCommand() throws {
    let result = try ArsimRunner.run(["teleport"])
    #expect(result.status == 64)
    #expect(result.stderr.contains("unknown command"))
  }
}

@Suite("Scenes/requests")
struct SceneRequestTests {
  static let requests: [String] = {
    let directory = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
      .deletingLastPathComponent().deletingLastPathComponent().appendingPathComponent(
        "Scenes/requests")
    return ((try? FileManager.default.contentsOfDirectory(atPath: directory.path)) ?? [])
      .filter { $0.hasSuffix(".json") }.sorted().map { directory.appendingPathComponent($0).path }
  }()

  @Test("Every sample request traces to a world ray", arguments: requests)
  func traces(path: String) throws {
    let result = try ArsimRunner.run(["explain", "--request", path, "--json"])
    #expect(result.status == 0, "\(result.stderr)")
    let object = try #require(
      try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [String: Any])
    let ray = try #require(object["ray"] as? [String: Any])
    let direction = try #require(ray["direction"] as? [Double])
    #expect(direction.count == 3)
    #expect(abs(direction.reduce(0) { $0 + $1 * $1 } - 1) < 1e-6)
  }

  /// `dashboard-button-portrait.json` by hand. Box [0.42, 0.55, 0.08, 0.06]: centre (0.46, 0.58)
  /// Vision normalized, top-left (0.46, 0.42) in the model's crop. centerCrop of the oriented
  /// 1440x1920 image to 416x416 keeps all columns and rows 0.125...0.875: oriented
  /// (0.46, 0.125 + 0.42·0.75) = (0.46, 0.44). `.right` stores oriented (1 - y, x): image
  /// (0.44, 1 - 0.46) = (0.44, 0.54), pixels (844.8, 777.6). Portrait display on 390x844:
  /// turned (1 - y, x) = (0.46, 0.44), kx = (844/1920)·1440/390 = 211/130, so viewport
  /// x = (0.46 - 0.5)·211/130 + 0.5 = 0.435077, y = 0.44: points (169.68, 371.36). The camera
  /// ray through the continuous pixel (844.8, 777.6) with principal point (959.5 + 0.5,
  /// 719.5 + 0.5): ((844.8 - 960)/1445, -(777.6 - 720)/1445, -1) = (-0.079723, -0.039862, -1),
  /// turned by the columns of the transform: (-0.1627066, -0.2973223, -0.9450242), length
  /// 1.0039645, so the unit direction is (-0.1620641, -0.2961483, -0.9412924), from
  /// (0.05, 1.2, 0.4).
  @Test("The sample request traces to the hand-derived point and ray")
  func dashboardButtonByHand() throws {
    let path = try #require(Self.requests.first { $0.hasSuffix("dashboard-button-portrait.json") })
    let result = try ArsimRunner.run(["explain", "--request", path, "--json"])
    #expect(result.status == 0, "\(result.stderr)")
    let object = try #require(
      try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [String: Any])
    let center = try #require(object["center"] as? [String: [String: Double]])
    func near(_ p: [String: Double]?, _ x: Double, _ y: Double, _ tolerance: Double) -> Bool {
      guard let p, let px = p["x"], let py = p["y"] else { return false }
      return abs(px - x) <= tolerance && abs(py - y) <= tolerance
    }
    #expect(near(center["orientedImageNormalized"], 0.46, 0.44, 1e-9))
    #expect(near(center["imageNormalized"], 0.44, 0.54, 1e-9))
    #expect(near(center["imagePixels"], 844.8, 777.6, 1e-6))
    #expect(near(center["viewportNormalized"], (0.46 - 0.5) * 211 / 130 + 0.5, 0.44, 1e-9))
    #expect(near(center["viewportPoints"], 169.68, 371.36, 1e-6))
    let ray = try #require(object["ray"] as? [String: [Double]])
    let direction = try #require(ray["direction"])
    let expected = [-0.162_064_1, -0.296_148_3, -0.941_292_4]
    #expect(zip(direction, expected).allSatisfy { abs($0 - $1) < 2e-6 }, "\(direction)")
    let origin = try #require(ray["origin"])
    #expect(zip(origin, [0.05, 1.2, 0.4]).allSatisfy { abs($0 - $1) < 1e-6 }, "\(origin)")
  }

  @Test("There is at least one sample request")
  func nonEmpty() { #expect(!Self.requests.isEmpty) }
}

import Foundation
import Testing

@Suite("arsim arcore transform (end to end)")
struct ArcoreCommandTests {
  static let portrait = [
    "arcore", "transform", "--display", "1080x2340", "--rotation", "0", "--texture-size",
    "1920x1080",
  ]

  static func points(_ stdout: String) throws -> [[Double]] {
    try #require(try JSONSerialization.jsonObject(with: Data(stdout.utf8)) as? [[Double]])
  }

  @Test("VIEW_NORMALIZED -> TEXTURE_NORMALIZED on a portrait phone, by hand")
  func viewToTexture() throws {
    let result = try ArsimRunner.run(
      Self.portrait + ["--from", "VIEW_NORMALIZED", "--to", "TEXTURE_NORMALIZED"],
      stdin: "[[0, 0], [0.5, 0.5], [1, 1]]")
    #expect(result.status == 0, "\(result.stderr)")
    // The texture turned 90° clockwise (1080x1920) fills 1080x2340 with kx = 2340/1920 = 1.21875:
    // (0, 0) -> (s, t) = (0, 0.5 + 0.5/1.21875); (1, 1) -> (1, 0.5 - 0.5/1.21875).
    let out = try Self.points(result.stdout)
    let expected = [[0, 0.5 + 0.5 / 1.21875], [0.5, 0.5], [1, 0.5 - 0.5 / 1.21875]]
    #expect(out.count == 3)
    for (p, e) in zip(out, expected) {
      #expect(abs(p[0] - e[0]) < 1e-12 && abs(p[1] - e[1]) < 1e-12, "\(p) vs \(e)")
    }
  }

  @Test("IMAGE_PIXELS of a 640x480 CPU image -> TEXTURE_TEXELS and VIEW, from a file")
  func imageToTextureAndView() throws {
    let dir = FileManager.default.temporaryDirectory.appendingPathComponent(
      "arcore-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: dir) }
    let file = dir.appendingPathComponent("points.json")
    try Data("[[320, 240], [0, 60], [0, 0]]".utf8).write(to: file)
    let image = ["--image-size", "640x480", file.path]
    // One 4:3 sensor: u_t = 960 + 3 (u_i - 320), v_t = 540 + 3 (v_i - 240).
    let texels = try ArsimRunner.run(
      Self.portrait + ["--from", "IMAGE_PIXELS", "--to", "TEXTURE_TEXELS"] + image)
    #expect(texels.status == 0, "\(texels.stderr)")
    #expect(try Self.points(texels.stdout) == [[960, 540], [0, 0], [0, -180]])
    // Texel (0, 0) is TEXTURE_NORMALIZED (0, 0): turned, xr = 1, yr = 0; filled,
    // x' = (1 - 0.5)·1.21875 + 0.5 = 1.109375 -> VIEW (1198.125, 0).
    let view = try ArsimRunner.run(
      Self.portrait + ["--from", "IMAGE_PIXELS", "--to", "VIEW"] + image)
    let out = try Self.points(view.stdout)
    #expect(out[0] == [540, 1170])
    #expect(abs(out[1][0] - 1198.125) < 1e-9 && abs(out[1][1]) < 1e-9)
  }

  @Test("ROTATION_90 shows the texture unrotated; VIEW -> NDC")
  func landscape() throws {
    let result = try ArsimRunner.run(
      [
        "arcore", "transform", "--display", "1920x1080", "--rotation", "90", "--texture-size",
        "1920x1080", "--from", "VIEW", "--to", "OPENGL_NORMALIZED_DEVICE_COORDINATES",
      ], stdin: "[[0, 0], [960, 540], [1920, 1080]]")
    #expect(result.status == 0, "\(result.stderr)")
    #expect(try Self.points(result.stdout) == [[-1, 1], [0, 0], [1, -1]])
  }

  @Test(
    "Bad options exit 64 naming the option",
    arguments: [
      (["--from", "VIEWS", "--to", "VIEW"], "--from"),
      (["--to", "VIEW"], "--from"),
      (["--from", "VIEW"], "--to"),
    ])
  func badOptions(arguments: [String], option: String) throws {
    let result = try ArsimRunner.run(Self.portrait + arguments, stdin: "[]")
    #expect(result.status == 64)
    #expect(result.stderr.contains(option), "\(result.stderr)")
  }

  @Test(
    "Bad geometry options exit 64 naming the option",
    arguments: [
      (["--rotation", "45", "--display", "10x10", "--texture-size", "10x10"], "--rotation"),
      (["--display", "10x10", "--texture-size", "10x10"], "--rotation"),
      (["--rotation", "0", "--texture-size", "10x10"], "--display"),
      (["--rotation", "0", "--display", "10.5x10", "--texture-size", "10x10"], "--display"),
      (["--rotation", "0", "--display", "10x10"], "--texture-size"),
      (["--rotation", "0", "--display", "10x10", "--texture-size", "0x10"], "--texture-size"),
      (
        ["--rotation", "0", "--display", "10x10", "--texture-size", "10x10", "--image-size", "x"],
        "--image-size"
      ),
      (
        [
          "--rotation", "0", "--display", "10x10", "--texture-size", "10x10",
          "--sensor-orientation", "30",
        ], "--sensor-orientation"
      ),
    ])
  func badGeometry(arguments: [String], option: String) throws {
    let result = try ArsimRunner.run(
      ["arcore", "transform", "--from", "VIEW", "--to", "VIEW"] + arguments, stdin: "[]")
    #expect(result.status == 64)
    #expect(result.stderr.contains(option), "\(result.stderr)")
  }

  @Test(
    "Bad input exits 1 naming the place",
    arguments: [
      ("[[1, 2], [3]]", "$[1]: expected [x, y]"), ("{\"a\": 1}", "$"),
      ("[[1, 2", "<stdin>:1:7"), ("[[1, true]]", "$[0][1]"),
    ])
  func badInput(input: String, place: String) throws {
    let result = try ArsimRunner.run(
      Self.portrait + ["--from", "VIEW", "--to", "IMAGE_PIXELS"], stdin: input)
    #expect(result.status == 1)
    #expect(result.stdout.isEmpty)
    #expect(result.stderr.contains(place), "\(result.stderr)")
  }

  @Test("A missing file exits 1 naming it; an unknown subcommand exits 64; help lists the spaces")
  func filesAndHelp() throws {
    let missing = try ArsimRunner.run(
      Self.portrait + ["--from", "VIEW", "--to", "VIEW", "/nonexistent/points.json"])
    #expect(missing.status == 1 && missing.stderr.contains("/nonexistent/points.json"))
    let unknown = try ArsimRunner.run(["arcore", "transmogrify"])
    #expect(unknown.status == 64 && unknown.stderr.contains("transmogrify"))
    let help = try ArsimRunner.run(["arcore", "transform", "--help"])
    #expect(help.status == 0 && help.stdout.contains("OPENGL_NORMALIZED_DEVICE_COORDINATES"))
  }
}

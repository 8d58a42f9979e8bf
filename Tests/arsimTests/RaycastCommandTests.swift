import ARSimulation
import Foundation
import Testing
import _TestSupport

@testable import arsim

@Suite("arsim raycast (end to end)")
struct RaycastCommandTests {
  /// A wall 2 m in front of the origin facing it (plane-local y = world +z), boundary +-0.5 m,
  /// labelled vertical; and a floor 1 m below, labelled horizontal, listed first.
  static let planesJSON = """
    {"planes": [
      {"identifier": "floor", "transform": [1,0,0,0, 0,1,0,0, 0,0,1,0, 0,-1,0,1], "center": [0,0,0],
       "extent": {"width": 4, "height": 4, "rotationOnYAxis": 0},
       "boundary": [[-2,0,-2],[2,0,-2],[2,0,2],[-2,0,2]], "alignment": "horizontal", "classification": "floor"},
      {"identifier": "wall", "transform": [1,0,0,0, 0,0,1,0, 0,-1,0,0, 0,0,-2,1], "center": [0,0,0],
       "extent": {"width": 1, "height": 1, "rotationOnYAxis": 0},
       "boundary": [[-0.5,0,-0.5],[0.5,0,-0.5],[0.5,0,0.5],[-0.5,0,0.5]], "alignment": "vertical", "classification": "wall"}
    ]}
    """

  func writeRays(_ rays: [[Float]], to url: URL) throws {
    var data = Data()
    for ray in rays {
      for v in ray {
        withUnsafeBytes(of: v.bitPattern.littleEndian) { data.append(contentsOf: $0) }
      }
    }
    try data.write(to: url)
  }

  func readOutput(_ url: URL, count: Int) throws -> (t: [Float], index: [Int32]) {
    let data = try Data(contentsOf: url)
    #expect(data.count == count * 8)
    var t: [Float] = []
    var index: [Int32] = []
    data.withUnsafeBytes { bytes in
      for i in 0..<count {
        t.append(
          Float(
            bitPattern: UInt32(
              littleEndian: bytes.loadUnaligned(fromByteOffset: 4 * i, as: UInt32.self))))
        index.append(
          Int32(littleEndian: bytes.loadUnaligned(fromByteOffset: 4 * (count + i), as: Int32.self)))
      }
    }
    return (t, index)
  }

  @Test("Rays file: hand-computed distances and plane indices, misses as +inf and -1")
  func raysFile() throws {
    let dir = try RecordingFixtures.makeTemporaryDirectory()
    defer { try? FileManager.default.removeItem(at: dir) }
    let planes = dir.appendingPathComponent("planes.json")
    try Data(Self.planesJSON.utf8).write(to: planes)
    let rays = dir.appendingPathComponent("rays.bin")
    try writeRays(
      [
        [0, 0, 0, 0, 0, -1],  // straight at the wall: t = 2, plane 1
        [0, 0, 0, 0.2, 0, -1],  // x = 0.4 at z = -2, inside: t = 2 * sqrt(1.04)
        [0, 0, 0, 0.3, 0, -1],  // x = 0.6, outside the wall; parallel to the floor: miss
        [0, 0, 0, 0, -1, 0],  // straight down onto the floor: t = 1, plane 0
        [0, 0, 0, 0, 0, 1],  // away from both
      ], to: rays)
    let output = dir.appendingPathComponent("out.bin")
    let result = try ArsimRunner.run([
      "raycast", "--planes", planes.path, "--rays", rays.path, "--output", output.path, "--json",
    ])
    #expect(result.status == 0, "\(result.stderr)")
    let summary = try #require(
      try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [String: Any])
    #expect(
      summary["rays"] as? Int == 5 && summary["planes"] as? Int == 2 && summary["hits"] as? Int == 3
    )
    let (t, index) = try readOutput(output, count: 5)
    #expect(index == [1, 1, -1, 0, -1])
    #expect(
      abs(t[0] - 2) < 1e-6 && abs(t[1] - 2 * Float(1.04).squareRoot()) < 1e-5
        && abs(t[3] - 1) < 1e-6)
    #expect(t[2] == .infinity && t[4] == .infinity)

    // The infinite target hits the wall's plane outside its boundary too.
    let infinite = try ArsimRunner.run([
      "raycast", "--planes", planes.path, "--rays", rays.path, "--output", output.path,
      "--target", "existingPlaneInfinite",
    ])
    #expect(infinite.status == 0)
    #expect(try readOutput(output, count: 5).index == [1, 1, 1, 0, -1])

    // Alignment filters anchors by label; indices still refer to the file.
    let horizontal = try ArsimRunner.run([
      "raycast", "--planes", planes.path, "--rays", rays.path, "--output", output.path,
      "--alignment", "horizontal",
    ])
    #expect(horizontal.status == 0)
    #expect(try readOutput(output, count: 5).index == [-1, -1, -1, 0, -1])
  }

  @Test("Full frame: one ray per pixel centre; a 4x4 image all on the wall")
  func fullFrame() throws {
    let dir = try RecordingFixtures.makeTemporaryDirectory()
    defer { try? FileManager.default.removeItem(at: dir) }
    let planes = dir.appendingPathComponent("planes.json")
    try Data(Self.planesJSON.utf8).write(to: planes)
    let output = dir.appendingPathComponent("out.bin")
    // fx = 100, ARKit principal point (2, 2): (2.5, 2.5) in continuous pixels. The outermost pixel
    // centre (u = 3.5) is 0.01 rad off axis, well inside.
    let result = try ArsimRunner.run([
      "raycast", "--planes", planes.path, "--full-frame", "4x4", "--intrinsics", "100,100,2,2",
      "--output", output.path, "--threads", "2",
    ])
    #expect(result.status == 0, "\(result.stderr)")
    let (t, index) = try readOutput(output, count: 16)
    #expect(index == Array(repeating: 1, count: 16))
    // Pixel (0, 0): centre (0.5, 0.5) -> direction ((0.5 - 2.5)/100, -(0.5 - 2.5)/100, -1) =
    // (-0.02, 0.02, -1): t = 2 * |d| / 1.
    let expected = 2 * (1 + 2 * 0.02 * 0.02 as Float).squareRoot()
    #expect(abs(t[0] - expected) < 1e-5)
  }

  @Test("Bad input: files exit 1 naming file and place; bad options exit 64")
  func badInput() throws {
    let dir = try RecordingFixtures.makeTemporaryDirectory()
    defer { try? FileManager.default.removeItem(at: dir) }
    let planes = dir.appendingPathComponent("planes.json")
    try Data(Self.planesJSON.replacingOccurrences(of: "\"width\": 1,", with: "\"width\": 0,").utf8)
      .write(to: planes)
    let rays = dir.appendingPathComponent("rays.bin")
    try Data(count: 25).write(to: rays)
    let badPlanes = try ArsimRunner.run([
      "raycast", "--planes", planes.path, "--full-frame", "2x2", "--intrinsics", "1,1,1,1",
    ])
    #expect(badPlanes.status == 1)
    #expect(
      badPlanes.stderr.contains("planes.json") && badPlanes.stderr.contains("planes[1]"),
      "\(badPlanes.stderr)")
    try Data(Self.planesJSON.utf8).write(to: planes)
    let badRays = try ArsimRunner.run(["raycast", "--planes", planes.path, "--rays", rays.path])
    #expect(badRays.status == 1)
    #expect(badRays.stderr.contains("rays.bin") && badRays.stderr.contains("24-byte"))
    for arguments in [
      ["--planes", planes.path], ["--planes", planes.path, "--full-frame", "2x2"],
      ["--planes", planes.path, "--rays", rays.path, "--target", "estimatedPlane"],
      ["--planes", planes.path, "--rays", rays.path, "--target", "walls"],
      ["--planes", planes.path, "--rays", rays.path, "--threads", "0"],
      ["--planes", planes.path, "--rays", rays.path, "--repeat", "0"],
      ["--planes", planes.path, "--rays", rays.path, "--repeat", "two"],
    ] {
      let r = try ArsimRunner.run(["raycast"] + arguments)
      #expect(r.status == 64, "\(arguments)")
    }
    // The documented maximum frame, 65536x65536, would need 34 GB: refused by --max-rays
    // before anything is allocated, with the limit and how to raise it.
    let huge = try ArsimRunner.run([
      "raycast", "--planes", planes.path, "--full-frame", "65536x65536", "--intrinsics",
      "1000,1000,960,720",
    ])
    #expect(huge.status == 64 && huge.signal == nil)
    #expect(
      huge.stderr.hasPrefix(
        "arsim raycast: option --full-frame: 65536x65536 is 4294967296 rays, more than the "
          + "limit of 16777216 (--max-rays; each ray takes 8 bytes of results, 16 with "
          + "--output): raise it with --max-rays 4294967296 if the memory is there\n"),
      "\(huge.stderr)")
    // Intrinsics the Float kernels cannot hold: refused, not 0 hits.
    for (intrinsics, message) in [
      (
        "1e39,1e39,2,2",
        "option --intrinsics: 1e+39 is beyond the range of Float (magnitude at most 3.4028235e+38)"
      ),
      (
        "1e-320,1e-320,2,2",
        "option --intrinsics: focal length 1e-320 is below Float's normal range"
      ),
    ] {
      let r = try ArsimRunner.run([
        "raycast", "--planes", planes.path, "--full-frame", "4x4", "--intrinsics", intrinsics,
      ])
      #expect(r.status == 64 && r.stderr.contains(message), "\(r.stderr)")
    }
    // Raised, a frame over the default runs; lowered, a small one is refused.
    let small = try ArsimRunner.run([
      "raycast", "--planes", planes.path, "--full-frame", "4x4", "--intrinsics", "100,100,2,2",
      "--max-rays", "15",
    ])
    #expect(
      small.status == 64 && small.stderr.contains("4x4 is 16 rays, more than the limit of 15"))
    let raised = try ArsimRunner.run([
      "raycast", "--planes", planes.path, "--full-frame", "4x4", "--intrinsics", "100,100,2,2",
      "--max-rays", "16",
    ])
    #expect(raised.status == 0, "\(raised.stderr)")
  }

  @Test("--repeat R: the same output bytes for any R; the JSON reports every run's statistics")
  func repeatedRuns() throws {
    let dir = try RecordingFixtures.makeTemporaryDirectory()
    defer { try? FileManager.default.removeItem(at: dir) }
    let planes = dir.appendingPathComponent("planes.json")
    try Data(Self.planesJSON.utf8).write(to: planes)
    var outputs: [Data] = []
    for runs in [1, 4] {
      let output = dir.appendingPathComponent("out-\(runs).bin")
      let result = try ArsimRunner.run([
        "raycast", "--planes", planes.path, "--full-frame", "37x21", "--intrinsics",
        "30,30,18,10", "--output", output.path, "--repeat", "\(runs)", "--threads", "2", "--json",
      ])
      #expect(result.status == 0, "\(result.stderr)")
      let summary = try #require(
        try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [String: Any])
      #expect(summary["runs"] as? Int == runs)
      #expect(summary["rays"] as? Int == 37 * 21)
      let first = try #require(summary["firstRunSeconds"] as? Double)
      let median = try #require(summary["medianSeconds"] as? Double)
      let low = try #require(summary["minSeconds"] as? Double)
      let high = try #require(summary["maxSeconds"] as? Double)
      #expect(summary["seconds"] as? Double == median)
      #expect(0 <= low && low <= median && median <= high && low <= first && first <= high)
      let setup = try #require(summary["resultSetupSeconds"] as? Double)
      #expect(setup >= 0)
      if runs == 1 { #expect(low == high && first == median) }
      outputs.append(try Data(contentsOf: output))
    }
    #expect(outputs[0].count == 37 * 21 * 8)
    #expect(outputs[0] == outputs[1])
  }

  @Test("Run statistics: first run as given, median of odd and even counts, extremes")
  func runTiming() {
    let odd = RaycastCommand.RunTiming([5, 1, 3])
    #expect(odd == .init(firstSeconds: 5, medianSeconds: 3, minSeconds: 1, maxSeconds: 5))
    // Sorted 1, 2, 4, 8: the median is the mean of the middle two, (2 + 4) / 2.
    let even = RaycastCommand.RunTiming([8, 2, 4, 1])
    #expect(even == .init(firstSeconds: 8, medianSeconds: 3, minSeconds: 1, maxSeconds: 8))
    let single = RaycastCommand.RunTiming([0.25])
    #expect(
      single == .init(firstSeconds: 0.25, medianSeconds: 0.25, minSeconds: 0.25, maxSeconds: 0.25))
  }
}

/// `arsim raycast --target` spells the existing-plane targets as `RaycastQuery.Target` does
/// (plus the legacy hit-test names), so one spelling serves the library, replay settings and the
/// command.
@Suite struct RaycastTargetNameTests {
  @Test func targetNamesFollowTheLibrary() {
    let names = RaycastCommand.Target.allCases.map(\.rawValue)
    let library = RaycastQuery.Target.allNames.filter { $0 != "estimatedPlane" }
    #expect(Array(names.prefix(library.count)) == library)
    #expect(
      Array(names.dropFirst(library.count)) == [
        "existingPlaneUsingExtent", "existingPlaneUsingGeometry",
      ])
  }
}

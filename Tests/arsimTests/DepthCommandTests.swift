import Foundation
import SceneFormat
import Testing
import _TestSupport

@testable import arsim

/// `arsim depth` end to end on a small synthesized LiDAR scene: a tilted wall 1.5 m ahead of a
/// still camera. The truth map is checked against the closed-form z-depth of the plane through
/// each depth pixel's centre, with the recording's own camera (pose and intrinsics).
@Suite("arsim depth (end to end)")
struct DepthCommandTests {
  /// The wall: centre (0.1, 0, -1.5), normal `rotation * +y` with 70° about x (tilted 20° off
  /// facing the camera), 4 x 4 m; a still camera at the origin looking down -z.
  static let spec = """
    {"format": "arplacementsim.sceneSpec", "version": 1, "framesPerSecond": 10,
     "durationSeconds": 0.3, "device": {"preset": "iPhone15Pro"},
     "vision": {"cropAndScale": "scaleFit", "modelInputSize": [384, 256], "orientation": "up"},
     "viewport": {"size": [844, 390], "interfaceOrientation": "landscapeRight"},
     "surfaces": [{"identifier": "wall", "position": [0.1, 0, -1.5],
                   "rotation": {"axis": [1, 0, 0], "degrees": 70}, "size": [4, 4]}],
     "objects": [{"id": "b", "label": "x", "surface": "wall", "surfacePosition": [0, 0],
                  "size": [0.1, 0.1, 0.05]}],
     "trajectory": {"waypoints": [{"time": 0, "position": [0, 0, 0], "lookAt": [0, 0, -1]}]},
     "featurePoints": {"maximumPerFrame": 0},
     "depth": {"rateHz": 5}}
    """

  static func scene(in directory: URL) throws -> String {
    let specPath = directory.appendingPathComponent("wall.json").path
    try Data(spec.utf8).write(to: URL(fileURLWithPath: specPath))
    let out = directory.appendingPathComponent("wall-recording.json").path
    let result = try ArsimRunner.run(["synth", specPath, "--seed", "3", "--out", out, "--quiet"])
    #expect(result.status == 0, "\(result.stderr)")
    return out
  }

  static func map(_ path: String) throws -> (
    width: Int, height: Int, depth: [Double?], confidence: [Int]
  ) {
    let data = try Data(contentsOf: URL(fileURLWithPath: path))
    let object = try #require(try JSONSerialization.jsonObject(with: data) as? [String: Any])
    let depth = try #require(object["depthMeters"] as? [Any]).map { ($0 as? NSNumber)?.doubleValue }
    let confidence = try #require(object["confidence"] as? [NSNumber]).map(\.intValue)
    return (
      try #require(object["width"] as? Int), try #require(object["height"] as? Int), depth,
      confidence
    )
  }

  @Test func truthMatchesTheClosedFormAndTheNoisyMapScattersAroundIt() throws {
    do {
      let directory = try RecordingFixtures.makeTemporaryDirectory()
      defer { try? FileManager.default.removeItem(at: directory) }
      let recordingPath = try Self.scene(in: directory)
      let recording = try Recording(contentsOfFile: recordingPath, strict: true)
      let truthOut = directory.appendingPathComponent("truth.json").path
      let run = try ArsimRunner.run([
        "depth", recordingPath, "--frame", "0", "--truth", "--out", truthOut,
      ])
      #expect(run.status == 0, "\(run.stderr)")
      let truth = try Self.map(truthOut)
      #expect(truth.width == 256 && truth.height == 192)
      // The plane in camera space: n·x = d, from the world plane and worldFromCamera (the
      // recording's camera: rotation columns and position).
      let camera = recording.frames[0].camera
      let m = camera.transform
      let (fx, fy, ox, oy) = (
        camera.intrinsics[0], camera.intrinsics[4], camera.intrinsics[6],
        camera.intrinsics[7]
      )
      let angle = 70.0 * Double.pi / 180
      let worldNormal = SIMD3<Double>(0, cos(angle), sin(angle))
      let worldPoint = SIMD3<Double>(0.1, 0, -1.5)
      let axes = (0..<3).map { SIMD3(m[4 * $0], m[4 * $0 + 1], m[4 * $0 + 2]) }
      let position = SIMD3(m[12], m[13], m[14])
      let n = SIMD3(
        (worldNormal * axes[0]).sum(), (worldNormal * axes[1]).sum(),
        (worldNormal * axes[2]).sum())
      let d = (worldNormal * (worldPoint - position)).sum()
      var checked = 0
      for row in stride(from: 0, to: 192, by: 7) {
        for column in stride(from: 0, to: 256, by: 9) {
          let u = (Double(column) + 0.5) * 7.5
          let v = (Double(row) + 0.5) * 7.5
          let dir = SIMD3((u - ox - 0.5) / fx, -(v - oy - 0.5) / fy, -1)
          let z = d / (n * dir).sum()
          // The object's box sits in the middle: skip what it hides.
          guard let got = truth.depth[row * 256 + column], abs(got - z) < 0.02 else { continue }
          #expect(abs(got - z) < 1e-4 * z, "pixel (\(column), \(row)): \(got) vs \(z)")
          checked += 1
        }
      }
      #expect(checked > 700, "\(checked) pixels checked")
      // The noisy map: most pixels high confidence, within a few σ (σ ≈ 4 mm · z²) of the truth.
      let rawOut = directory.appendingPathComponent("raw.json").path
      #expect(
        try ArsimRunner.run(["depth", recordingPath, "--frame", "0", "--out", rawOut]).status == 0)
      let raw = try Self.map(rawOut)
      // Residuals in units of the model's σ = 0.004 z² / max(c, 0.25), c = |n·r| for the unit
      // ray r of the pixel (closed form as above).
      var differences: [Double] = []
      var normalized: [Double] = []
      for i in raw.depth.indices where raw.confidence[i] == 2 {
        guard let a = raw.depth[i], let b = truth.depth[i] else { continue }
        let u = (Double(i % 256) + 0.5) * 7.5
        let v = (Double(i / 256) + 0.5) * 7.5
        let dir = SIMD3((u - ox - 0.5) / fx, -(v - oy - 0.5) / fy, -1)
        let c = abs((n * dir).sum()) / (dir * dir).sum().squareRoot()
        differences.append(a - b)
        normalized.append((a - b) / (0.004 * b * b / max(c, 0.25)))
      }
      #expect(differences.count > 40_000)
      let mean = differences.reduce(0, +) / Double(differences.count)
      #expect(abs(mean) < 0.001)
      // Pixels beside the box's silhouette can see the other surface: a handful, no more.
      let outliers = normalized.filter { abs($0) > 5 }.count
      #expect(outliers < differences.count / 500, "\(outliers) of \(differences.count)")
      let spread = (normalized.map { $0 * $0 }.reduce(0, +) / Double(normalized.count))
        .squareRoot()
      #expect(abs(spread - 1) < 0.15, "normalized RMS \(spread)")
      // Depth edges (the box standing 5 cm proud of the wall): where a 4-neighbour's truth depth
      // differs by more than 2 % (the model's threshold is 1 %), the raw confidence is low.
      var edges = 0
      var lowAtEdges = 0
      for row in 1..<191 {
        for column in 1..<255 {
          let i = row * 256 + column
          guard let z = truth.depth[i] else { continue }
          let neighbours = [i - 1, i + 1, i - 256, i + 256].map { truth.depth[$0] }
          guard neighbours.contains(where: { $0.map { abs($0 - z) > 0.02 * z } ?? false })
          else { continue }
          edges += 1
          if raw.confidence[i] == 0 { lowAtEdges += 1 }
        }
      }
      #expect(edges > 50)
      #expect(lowAtEdges * 10 >= edges * 9, "\(lowAtEdges) of \(edges) edge pixels low")
      // The smoothed map exists; the first frame is the raw one.
      #expect(
        try ArsimRunner.run(["depth", recordingPath, "--frame", "0", "--smoothed"]).status == 0)
    }
  }

  @Test func refusesConflictingOptionsAndFramesWithoutDepth() throws {
    do {
      let directory = try RecordingFixtures.makeTemporaryDirectory()
      defer { try? FileManager.default.removeItem(at: directory) }
      let recordingPath = try Self.scene(in: directory)
      let both = try ArsimRunner.run([
        "depth", recordingPath, "--frame", "0", "--truth", "--smoothed",
      ])
      #expect(both.status == 64)
      // Depth at 5 Hz on 10 fps frames: frame 1 has none.
      let between = try ArsimRunner.run(["depth", recordingPath, "--frame", "1"])
      #expect(between.status == 1 && between.stderr.contains("frame 1 has no sceneDepth"))
      let past = try ArsimRunner.run(["depth", recordingPath, "--frame", "9"])
      #expect(past.status == 1 && past.stderr.contains("there is no frame 9"))
    }
  }
}

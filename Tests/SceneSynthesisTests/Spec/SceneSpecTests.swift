import Foundation
import SceneFormat
import SpatialMath
import Testing
import _TestSupport

@testable import SceneSynthesis

@Suite struct SceneSpecTests {
  @Test func decodesTheWallSpecWithDefaults() throws {
    let spec = try SynthesisFixtures.spec(SynthesisFixtures.wall)
    #expect(spec.framesPerSecond == 30)
    #expect(spec.frameCount == 30)
    #expect(spec.startTimestampSeconds == 5)
    #expect(spec.device.imageResolution.width == 1920)
    #expect(spec.device.intrinsics.focalLengthXPixels == 1445)
    #expect(spec.surfaces.count == 1)
    #expect(spec.surfaces[0].sizeMeters == SIMD2(0.6, 0.8))
    #expect(spec.objects.map(\.id) == ["a", "b", "c"])
    #expect(spec.trajectory?.waypoints.count == 1)
    #expect(spec.tracking == TrackingModelSpec())
    #expect(spec.detector == DetectorModelSpec())
    #expect(spec.featurePoints.maximumPerFrame == 10)
    #expect(spec.planes.initialFraction == 0.2)
  }

  @Test(arguments: [
    // (find, replacement, JSON path, message fragment)
    ("\"version\": 1", "\"version\": 2", "version", "not supported"),
    ("\"position\": [0, 0, -1]", "\"position\": [0, 0, -1e7]", "surfaces[0].position[2]", "within"),
    (
      "\"preset\": \"iPhone15Pro\"", "\"preset\": \"Pixel\"", "device.preset",
      "unknown device preset"
    ),
    (
      "\"surface\": \"wall\", \"surfacePosition\": [0.1",
      "\"surface\": \"door\", \"surfacePosition\": [0.1",
      "objects[1].surface", "no surface"
    ),
    ("\"size\": [0.6, 0.8]", "\"size\": [0.6, 0]", "surfaces[0].size", "> 0"),
    // The wall is 0.6 x 0.8 m: half 0.3 m along x and 0.4 m along z; the tolerance is 1 mm.
    (
      "\"surfacePosition\": [0.1, -0.15]", "\"surfacePosition\": [0.302, -0.15]",
      "objects[1].surfacePosition[0]", "outside its surface \"wall\""
    ),
    (
      "\"surfacePosition\": [-0.12, 0.2]", "\"surfacePosition\": [-0.12, -0.45]",
      "objects[2].surfacePosition[1]", "beyond the half height 0.4 m"
    ),
    ("\"framesPerSecond\": 30", "\"framesPerSecond\": -1", "framesPerSecond", "> 0"),
    (
      "\"maximumPerFrame\": 10", "\"maximumPerFrame\": 10, \"density\": 3", "featurePoints.density",
      "unknown member"
    ),
    ("\"initialFraction\": 0.2", "\"initialFraction\": 1.5", "planes.initialFraction", "in [0, 1]"),
    ("\"id\": \"c\"", "\"id\": \"a\"", "objects[2].id", "duplicate"),
    (
      "\"lookAt\": [0, 0, -1]}]",
      "\"lookAt\": [0, 0, -1]}, {\"time\": 0, \"position\": [0, 0, 0], \"lookAt\": [1, 0, 0]}]",
      "trajectory.waypoints[1].time", "strictly increasing"
    ),
    (
      "\"orientation\": \"right\"", "\"orientation\": \"sideways\"", "vision.orientation",
      "sideways"
    ),
    (
      "\"rotation\": {\"axis\": [1, 0, 0]", "\"rotation\": {\"axis\": [0, 0, 0]",
      "surfaces[0].rotation.axis", "zero"
    ),
  ])
  func rejectsBadSpecsNamingThePath(
    find: String, replacement: String, path: String, message: String
  ) throws {
    let text = SynthesisFixtures.wall(replacing: find, with: replacement)
    #expect(!text.hasPrefix("fixture substring not found"), "\(text)")
    do {
      _ = try SynthesisFixtures.spec(text, file: "bad.json")
      Issue.record("expected an error for \(path)")
    } catch let error as InputFileError {
      #expect(error.jsonPath == path, "\(error)")
      #expect(error.file == "bad.json")
      #expect(error.description.contains(message), "\(error)")
    }
  }

  @Test func objectsOnTheEdgeOfTheirSurfaceAreAccepted() throws {
    // Footprint centres 0.5 mm beyond the 0.3 m half width and exactly on the 0.4 m half height.
    let text = SynthesisFixtures.wall(
      replacing: "\"surfacePosition\": [0.1, -0.15]", with: "\"surfacePosition\": [0.3005, -0.4]")
    let spec = try SynthesisFixtures.spec(text)
    #expect(spec.objects[1].surfacePosition == SIMD2(0.3005, -0.4))
  }

  @Test func missingTrajectoryIsReported() throws {
    let text = SynthesisFixtures.wall(
      replacing:
        "\"trajectory\": {\"waypoints\": [{\"time\": 0, \"position\": [0, 0, 0], \"lookAt\": [0, 0, -1]}]},",
      with: "")
    #expect(throws: InputFileError.self) { try SynthesisFixtures.spec(text) }
  }

  @Test func fileErrorsNameTheFile() throws {
    let directory = try RecordingFixtures.makeTemporaryDirectory()
    defer { try? FileManager.default.removeItem(at: directory) }
    let path = directory.appendingPathComponent("scene.json").path
    try Data(
      SynthesisFixtures.wall(replacing: "\"degrees\": 90", with: "\"degrees\": \"ninety\"").utf8
    )
    .write(to: URL(fileURLWithPath: path))
    do {
      _ = try SceneSpec(contentsOfFile: path)
      Issue.record("expected an error")
    } catch let error as InputFileError {
      #expect(error.description.hasPrefix("\(path): surfaces[0].rotation.degrees: "), "\(error)")
    }
  }
}

@Suite struct SceneSpecCodingTests {
  /// Writing a spec and reading it back gives the same spec; the surface rotation goes through
  /// axis and angle, so it is compared within Float rounding.
  @Test(arguments: ["dashboard-portrait", "tabletop-landscape", "long-session", "walking-panel"])
  func roundTripsThroughJSON(name: String) throws {
    let path = CommittedScenesTests.scenes.appendingPathComponent("specs/\(name).json").path
    let spec = try SceneSpec(contentsOfFile: path)
    var again = try SceneSpec(jsonBytes: JSONWriter.bytes(of: spec.jsonValue))
    #expect(again.surfaces.count == spec.surfaces.count)
    for (a, b) in zip(again.surfaces, spec.surfaces) {
      #expect(
        a.surface.worldFromSurface.isApproximatelyEqual(
          to: b.surface.worldFromSurface, absoluteTolerance: 1e-6, relativeTolerance: 0))
      #expect(a.surface.identifier == b.surface.identifier && a.sizeMeters == b.sizeMeters)
    }
    again.surfaces = spec.surfaces
    again.baseDirectory = spec.baseDirectory
    #expect(again == spec)
  }

  @Test func codableUsesTheSameStrictDecoding() throws {
    let decoded = try JSONDecoder().decode(SceneSpec.self, from: Data(SynthesisFixtures.wall.utf8))
    #expect(decoded.objects.count == 3)
    let encoded = try JSONEncoder().encode(decoded)
    #expect(try JSONDecoder().decode(SceneSpec.self, from: encoded).objects == decoded.objects)
    let bad = SynthesisFixtures.wall(replacing: "\"framesPerSecond\": 30", with: "\"fps\": 30")
    #expect(throws: InputFileError.self) {
      try JSONDecoder().decode(SceneSpec.self, from: Data(bad.utf8))
    }
  }
}

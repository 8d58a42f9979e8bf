import Foundation

/// Hand-written recordings and per-test temporary directories shared by the suites.
public enum RecordingFixtures {
  /// A valid two-frame recording (one compact line). Frame 1's camera is a 90° rotation about
  /// +z (columns (0,1,0), (-1,0,0), (0,0,1)) at (0.5, 1.25, -2); substrings used by the
  /// validation table are unique in the text.
  public static let base = """
    {"format":"arplacementsim.recording","version":1,\
    "vision":{"cropAndScale":"centerCrop","modelInputSize":[416,416],"orientation":"right","regionOfInterest":[0,0,1,1]},\
    "viewport":{"size":[390,844],"interfaceOrientation":"portrait"},\
    "frames":[\
    {"timestamp":1.0,"camera":{"transform":[1,0,0,0,0,1,0,0,0,0,1,0,0,0,0,1],"intrinsics":[1000,0,0,0,1000,0,640,360,1],"imageResolution":[1280,720]}},\
    {"timestamp":1.5,"camera":{"transform":[0,1,0,0,-1,0,0,0,0,0,1,0,0.5,1.25,-2,1],"intrinsics":[1445,0,0,0,1445,0,959.5,719.5,1],"imageResolution":[1920,1440]},\
    "displayTransform":{"a":0,"b":1,"c":-1,"d":0,"tx":1,"ty":0},\
    "planes":[\
    {"identifier":"P1","transform":[1,0,0,0,0,1,0,0,0,0,1,0,0,-1,0,1],"center":[0,0,0],"extent":{"width":0.8,"height":0.3,"rotationOnYAxis":0},"boundary":[[-0.4,0,-0.15],[0.4,0,-0.15],[0.4,0,0.15],[-0.4,0,0.15]],"alignment":"horizontal","classification":"table"},\
    {"identifier":"P2","transform":[1,0,0,0,0,0,1,0,0,-1,0,0,0,0,-3,1],"center":[0.1,0,0],"extent":{"width":2,"height":1.5,"rotationOnYAxis":0.25},"boundary":[[-1,0,-0.75],[1,0,-0.75],[1,0,0.75]],"alignment":"vertical","classification":"wall"}],\
    "featurePoints":{"points":[[0.1,0.2,-1],[0.3,-0.4,-2]],"identifiers":[7,8]},\
    "detections":[{"label":"hazard","confidence":0.91,"boundingBox":[0.25,0.5,0.125,0.25],"labels":[{"identifier":"hazard","confidence":0.91},{"identifier":"button","confidence":0.05}]}]}],\
    "truth":{"objects":[{"id":"hazard-1","label":"hazard","position":[0,-1,0],"size":[0.1,0.05,0.1]}]}}
    """

  /// `base` with the first occurrence of `find` replaced; fails loudly when `find` is absent.
  public static func base(replacing find: String, with replacement: String) -> String {
    guard let range = base.range(of: find) else { return "fixture substring not found: \(find)" }
    return base.replacingCharacters(in: range, with: replacement)
  }

  /// A fresh directory for one test (removed by `removeTemporaryDirectory`).
  public static func makeTemporaryDirectory() throws -> URL {
    let url = FileManager.default.temporaryDirectory
      .appendingPathComponent("ARPlacementSimTests-\(UUID().uuidString)", isDirectory: true)
    try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
    return url
  }

  /// The package root, from this file's path (`Sources/_TestSupport/RecordingFixtures.swift`).
  public static func packageRoot() -> URL {
    URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
      .deletingLastPathComponent()
  }

  /// `Tests/Fixtures/<name>` under the package root: the bad-input corpora shared by the tests.
  public static func fixturesDirectory(_ name: String) -> URL {
    packageRoot().appendingPathComponent("Tests/Fixtures").appendingPathComponent(name)
  }

}

import Foundation

/// Where the tests find the real ARKit recording they check against: the ARKit Data Logger
/// sample (github.com/PyojinKim/ARKit-Data-Logger, MIT licence; iPhone XS, 2,762 camera poses
/// at 60 Hz, 14,644 accumulated feature points). Its two data files, licence and README are in
/// the repository at `Tests/Fixtures/arkit-data-logger/`.
///
/// Looked up in this order: the directory in `ARSIM_ARKIT_LOGGER_DATA` (another copy), then the
/// repository's copy. A missing recording (a checkout without the fixtures) fails the tests that
/// need it, so CI cannot pass without them having run; `ARSIM_ALLOW_MISSING_REAL_DATA=1` skips
/// them instead.
public enum RealData {
  /// The environment variable naming the data directory.
  public static let directoryVariable = "ARSIM_ARKIT_LOGGER_DATA"
  /// The environment variable that, set to `1`, skips the tests when the data is missing.
  public static let allowMissingVariable = "ARSIM_ALLOW_MISSING_REAL_DATA"
  /// The file every copy of the data has (the camera poses).
  public static let poseFileName = "ARKit_camera_pose.txt"

  /// The directories searched, in order.
  public static var candidates: [URL] {
    var list: [URL] = []
    if let given = ProcessInfo.processInfo.environment[directoryVariable], !given.isEmpty {
      list.append(URL(fileURLWithPath: given))
    }
    list.append(RecordingFixtures.fixturesDirectory("arkit-data-logger"))
    return list
  }

  /// The data directory, or `nil` when no candidate holds the pose file.
  public static let arkitDataLogger: URL? = candidates.first {
    FileManager.default.fileExists(atPath: $0.appendingPathComponent(poseFileName).path)
  }

  /// Whether the tests that need the data run: always when it is present, and also when it is
  /// missing unless `ARSIM_ALLOW_MISSING_REAL_DATA=1` (they then fail in ``requireDirectory()``).
  public static var testsRun: Bool {
    arkitDataLogger != nil || ProcessInfo.processInfo.environment[allowMissingVariable] != "1"
  }

  /// The data directory.
  ///
  /// - Throws: ``Missing`` naming the places searched and the two variables.
  public static func requireDirectory() throws -> URL {
    guard let directory = arkitDataLogger else { throw Missing() }
    return directory
  }

  /// The real data is not where the tests look.
  public struct Missing: Error, CustomStringConvertible {
    /// Names the places searched and how to fix or skip.
    public var description: String {
      "the ARKit Data Logger recording (github.com/PyojinKim/ARKit-Data-Logger) was not found in "
        + candidates.map(\.path).joined(separator: ", ")
        + "; set \(directoryVariable) to its directory, or \(allowMissingVariable)=1 to skip"
    }
  }
}

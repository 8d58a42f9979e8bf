import Foundation

/// Where the tests find the real recordings they check against, both in the repository under
/// `Tests/Fixtures/` with their licence and README:
/// - the ARKit Data Logger sample (github.com/PyojinKim/ARKit-Data-Logger, MIT licence; iPhone
///   XS, 2,762 camera poses at 60 Hz, 14,644 accumulated feature points), `arkit-data-logger/`;
/// - the ARCore Data Logger sample (github.com/PyojinKim/ARCore-Data-Logger, MIT licence; an
///   Android phone, 666 Android sensor poses at about 20 Hz, 5,421 accumulated feature points),
///   `arcore-data-logger/`.
///
/// Each is looked up in this order: the directory in its environment variable
/// (`ARSIM_ARKIT_LOGGER_DATA`, `ARSIM_ARCORE_LOGGER_DATA`: another copy), then the repository's
/// copy. A missing recording (a checkout without the fixtures) fails the tests that need it, so
/// CI cannot pass without them having run; `ARSIM_ALLOW_MISSING_REAL_DATA=1` skips them instead.
public enum RealData {
  /// One real capture the tests read.
  public struct Capture: Sendable {
    /// What the capture is, for the message when it is missing.
    public let title: String
    /// The environment variable naming another copy's directory.
    public let directoryVariable: String
    /// The folder under `Tests/Fixtures/`.
    public let fixtureName: String
    /// The file every copy has (the poses).
    public let poseFileName: String

    /// The directories searched, in order.
    public var candidates: [URL] {
      var list: [URL] = []
      if let given = ProcessInfo.processInfo.environment[directoryVariable], !given.isEmpty {
        list.append(URL(fileURLWithPath: given))
      }
      list.append(RecordingFixtures.fixturesDirectory(fixtureName))
      return list
    }

    /// The data directory, or `nil` when no candidate holds the pose file.
    public var directory: URL? {
      candidates.first {
        FileManager.default.fileExists(atPath: $0.appendingPathComponent(poseFileName).path)
      }
    }

    /// Whether the tests that need the data run: always when it is present, and also when it is
    /// missing unless `ARSIM_ALLOW_MISSING_REAL_DATA=1` (they then fail in ``requireDirectory()``).
    public var testsRun: Bool {
      directory != nil || ProcessInfo.processInfo.environment[allowMissingVariable] != "1"
    }

    /// The data directory.
    ///
    /// - Throws: ``Missing`` naming the places searched and the two variables.
    public func requireDirectory() throws -> URL {
      guard let directory else { throw Missing(capture: self) }
      return directory
    }
  }

  /// The ARKit Data Logger sample.
  public static let arkit = Capture(
    title: "the ARKit Data Logger recording (github.com/PyojinKim/ARKit-Data-Logger)",
    directoryVariable: "ARSIM_ARKIT_LOGGER_DATA", fixtureName: "arkit-data-logger",
    poseFileName: "ARKit_camera_pose.txt")
  /// The ARCore Data Logger sample.
  public static let arcore = Capture(
    title: "the ARCore Data Logger recording (github.com/PyojinKim/ARCore-Data-Logger)",
    directoryVariable: "ARSIM_ARCORE_LOGGER_DATA", fixtureName: "arcore-data-logger",
    poseFileName: "ARCore_sensor_pose.txt")

  /// The environment variable naming the ARKit data directory.
  public static let directoryVariable = arkit.directoryVariable
  /// The environment variable that, set to `1`, skips the tests when the data is missing.
  public static let allowMissingVariable = "ARSIM_ALLOW_MISSING_REAL_DATA"
  /// The file every copy of the ARKit data has (the camera poses).
  public static let poseFileName = arkit.poseFileName

  /// The ARKit directories searched, in order.
  public static var candidates: [URL] { arkit.candidates }

  /// The ARKit data directory, or `nil` when no candidate holds the pose file.
  public static let arkitDataLogger: URL? = arkit.directory

  /// Whether the tests that need the ARKit data run (see ``Capture/testsRun``).
  public static var testsRun: Bool { arkit.testsRun }

  /// The ARKit data directory.
  ///
  /// - Throws: ``Missing`` naming the places searched and the two variables.
  public static func requireDirectory() throws -> URL { try arkit.requireDirectory() }

  /// The real data is not where the tests look.
  public struct Missing: Error, CustomStringConvertible {
    /// The capture looked for.
    public let capture: Capture

    /// Names the places searched and how to fix or skip.
    public var description: String {
      "\(capture.title) was not found in "
        + capture.candidates.map(\.path).joined(separator: ", ")
        + "; set \(capture.directoryVariable) to its directory, or \(allowMissingVariable)=1 to skip"
    }
  }
}

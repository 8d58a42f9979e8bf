import SpatialMath

/// The orientation of the app's user interface (UIKit's `UIInterfaceOrientation`).
///
/// The captured camera image is always landscape (the sensor's native orientation, matching
/// `landscapeRight`); the display transform rotates it clockwise by `displayRotation` to show it
/// upright in the interface (<doc:CoordinateSpaces>, display transform).
public enum InterfaceOrientation: CaseNameCodable, Hashable {
  /// Home button (or bottom edge) down; the image is turned 90° clockwise.
  case portrait
  /// Upside-down portrait; the image is turned 270° clockwise.
  case portraitUpsideDown
  /// Landscape with the device turned so the image is turned 180°.
  case landscapeLeft
  /// Landscape matching the sensor: the image is shown unrotated.
  case landscapeRight

  /// Decodes the case from its name.
  public init(from decoder: any Decoder) throws { self = try Self.decodeByName(from: decoder) }
  /// Encodes the case name.
  public func encode(to encoder: any Encoder) throws { try encodeName(to: encoder) }

  /// The case name used in JSON and on the command line.
  public var name: String {
    switch self {
    case .portrait: "portrait"
    case .portraitUpsideDown: "portraitUpsideDown"
    case .landscapeLeft: "landscapeLeft"
    case .landscapeRight: "landscapeRight"
    }
  }

  /// UIKit's raw value (`UIInterfaceOrientation.rawValue`): portrait 1, portraitUpsideDown 2,
  /// landscapeRight 3, landscapeLeft 4.
  public var uiKitRawValue: Int {
    switch self {
    case .portrait: 1
    case .portraitUpsideDown: 2
    case .landscapeRight: 3
    case .landscapeLeft: 4
    }
  }

  /// The clockwise rotation, on screen, from the captured image to the interface: landscapeRight
  /// 0°, portrait 90°, landscapeLeft 180°, portraitUpsideDown 270° (<doc:CoordinateSpaces>).
  public var displayRotation: Angle {
    .degrees(Double(quarterTurnsClockwise) * 90)
  }

  /// `displayRotation` in quarter turns (0...3).
  public var quarterTurnsClockwise: Int {
    switch self {
    case .landscapeRight: 0
    case .portrait: 1
    case .landscapeLeft: 2
    case .portraitUpsideDown: 3
    }
  }

  /// The orientation whose display rotation is `quarterTurns` clockwise quarter turns (taken
  /// modulo 4): 0 landscapeRight, 1 portrait, 2 landscapeLeft, 3 portraitUpsideDown.
  public init(quarterTurnsClockwise quarterTurns: Int) {
    switch (quarterTurns % 4 + 4) % 4 {
    case 0: self = .landscapeRight
    case 1: self = .portrait
    case 2: self = .landscapeLeft
    default: self = .portraitUpsideDown
    }
  }

  /// Whether the interface is taller than wide (portrait or portraitUpsideDown).
  public var isPortrait: Bool { quarterTurnsClockwise % 2 == 1 }
}

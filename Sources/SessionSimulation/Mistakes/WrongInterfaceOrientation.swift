import ARSimulation
import SpatialMath

/// Asks for the display transform of the wrong interface orientation: `.landscapeRight` (the
/// sensor's own orientation, what a hard-coded or default argument gives) while the interface
/// is in portrait, `.portrait` while it is in landscape.
///
/// ```swift
/// let display = frame.displayTransform(for: .landscapeRight, viewportSize: view.bounds.size)
/// ```
public struct WrongInterfaceOrientation: PlacementSteps {
  /// Creates the steps.
  public init() {}

  /// The display transform of ``wrongOrientation(for:)``.
  public func viewportPoint(forImagePoint imagePoint: Point, in frame: SimulatedFrame) -> Point? {
    let viewport = frame.viewport
    guard
      let display = frame.displayTransform(
        for: Self.wrongOrientation(for: viewport.interfaceOrientation),
        viewportSize: viewport.size)
    else { return nil }
    return imagePoint.applying(display)
  }

  /// `.landscapeRight` for a portrait interface, `.portrait` for a landscape one.
  public static func wrongOrientation(for actual: InterfaceOrientation) -> InterfaceOrientation {
    actual.isPortrait ? .landscapeRight : .portrait
  }
}

extension PlacementMistake {
  /// ``WrongInterfaceOrientation``: applies always.
  public static let wrongInterfaceOrientation = PlacementMistake(
    id: "wrong-interface-orientation", title: "display transform of the wrong orientation",
    summary:
      "displayTransform(for:viewportSize:) gets the wrong interface orientation (.landscapeRight "
      + "in a portrait app, .portrait in a landscape one).",
    steps: WrongInterfaceOrientation())
}

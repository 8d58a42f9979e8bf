/// Keeps showing (and placing) markers while the session relocalizes after an interruption: the
/// app never looks at the camera's tracking state, so when frames resume with
/// `.limited(.relocalizing)` its markers stay visible. Until relocalization succeeds the reported
/// pose is off by how far the device moved while the app was in the background, so every marker
/// placed before the interruption is drawn that far from its object, and markers placed while
/// relocalizing land that far off once the session has relocalized. Placement itself is the
/// correct one; the difference shows only on relocalizing frames and just after them.
///
/// ```swift
/// // missing in session(_:cameraDidChangeTrackingState:):
/// markersNode.isHidden = camera.trackingState == .limited(.relocalizing)
/// ```
public struct ShownBeforeRelocalization: PlacementSteps {
  /// Creates the steps.
  public init() {}

  /// Markers stay visible, and are placed, while relocalizing.
  public var hidesMarkersWhileRelocalizing: Bool { false }
}

extension PlacementMistake {
  /// ``ShownBeforeRelocalization``: applies to frames whose camera is relocalizing.
  public static let shownBeforeRelocalization = PlacementMistake(
    id: "shown-before-relocalization", title: "markers shown before relocalization finished",
    summary:
      "Markers stay visible while tracking is limited (relocalizing) after an interruption, "
      + "when the reported pose is still off by how far the device moved, so they are drawn "
      + "in the wrong place.",
    steps: ShownBeforeRelocalization(),
    isApplicable: { $0.camera.trackingState == .limited(.relocalizing) })
}

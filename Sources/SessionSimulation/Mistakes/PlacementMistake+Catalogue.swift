extension PlacementMistake {
  /// The classic mistakes, in a fixed order (ties in the diagnosis go to the earlier one). Add a
  /// mistake here after writing its file.
  public static let catalogue: [PlacementMistake] = [
    .cropIgnored,
    .orientationUpAssumed,
    .visionYNotFlipped,
    .displayTransformSkipped,
    .wrongInterfaceOrientation,
    .viewportPointsAsNormalized,
    .imageSizeAsViewportSize,
    .boxOriginNotCenter,
    .mirroringIgnored,
    .regionOfInterestIgnored,
    .cameraOneFrameLate,
    .infinitePlane,
    .nmsSkipped,
    .lateResultCurrentCamera,
    .trackerBoxWrongCamera,
    .contourPointsNotFlipped,
    .worldFixedMarkers,
    .depthAtViewportPoint,
    .depthAsRayDistance,
    .depthIntrinsicsUnscaled,
    .shownBeforeRelocalization,
  ]

  /// The mistake with identifier `id`, or `nil`.
  public static func named(_ id: String) -> PlacementMistake? {
    catalogue.first { $0.id == id }
  }
}

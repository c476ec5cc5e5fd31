/// The frames of the activity indicator, shared by the full screen's status line and the
/// spinner on stderr in line mode and one-shot fetches.
public enum SpinnerFrames {
  public static let frames = Array("⠋⠙⠹⠸⠼⠴⠦⠧⠇⠏")

  /// The frame for tick `tick` (any non-negative count).
  public static func frame(_ tick: Int) -> Character {
    frames[abs(tick) % frames.count]
  }
}

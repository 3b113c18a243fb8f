/// Where the app's API lives: hard-coded, as REST_TODO does. Tests keep it: apicheck answers this URL.
public enum Constants {
    public static let BASE_URL = "https://phplaravel-574671-2962113.cloudwaysapps.com/api/v2"
}

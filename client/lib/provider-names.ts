/** How a sign-in provider's id reads on a button (better-auth ids are lower case). */
const names: Record<string, string> = {
  credential: "Email and password",
  apple: "Apple",
  atlassian: "Atlassian",
  cognito: "Cognito",
  discord: "Discord",
  dropbox: "Dropbox",
  facebook: "Facebook",
  figma: "Figma",
  github: "GitHub",
  gitlab: "GitLab",
  google: "Google",
  huggingface: "Hugging Face",
  kakao: "Kakao",
  kick: "Kick",
  line: "LINE",
  linear: "Linear",
  linkedin: "LinkedIn",
  microsoft: "Microsoft",
  naver: "Naver",
  notion: "Notion",
  paypal: "PayPal",
  reddit: "Reddit",
  roblox: "Roblox",
  salesforce: "Salesforce",
  slack: "Slack",
  spotify: "Spotify",
  tiktok: "TikTok",
  twitch: "Twitch",
  twitter: "X (Twitter)",
  vk: "VK",
  zoom: "Zoom",
};

export function providerName(id: string): string {
  return names[id] ?? id.charAt(0).toUpperCase() + id.slice(1);
}

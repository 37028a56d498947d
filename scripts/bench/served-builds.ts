/**
 * Two or more builds of the client taking turns behind one running server: the server reads
 * dist/client's files per request, so a build is served by renaming its folder to dist/client.
 * The folder that was there is put back by `restore` (when it is one of the builds it rests in
 * dist/.served-builds-home meanwhile; otherwise what it holds waits in dist/.served-builds-aside).
 */
import { existsSync, renameSync } from "node:fs";
import path from "node:path";

export class ServedBuilds<Name extends string> {
  private readonly served: string;
  private readonly aside: string;
  private readonly servedIsBuild: boolean;
  private current: string | undefined;

  constructor(
    private readonly root: string,
    readonly builds: Record<Name, string>,
  ) {
    this.served = path.join(root, "dist/client");
    this.aside = path.join(root, "dist/.served-builds-aside");
    for (const dir of Object.values<string>(builds)) {
      if (!existsSync(path.join(dir, "index.html")))
        throw new Error(`${dir} holds no built client`);
    }
    this.servedIsBuild = Object.values<string>(builds).includes(this.served);
    if (existsSync(this.served)) {
      renameSync(this.served, this.servedIsBuild ? this.homeOf(this.served) : this.aside);
    }
  }

  /** Serves this build from now on. */
  serve(name: Name) {
    const dir = this.builds[name];
    if (this.current === dir) return;
    if (this.current) renameSync(this.served, this.homeOf(this.current));
    renameSync(this.homeOf(dir), this.served);
    this.current = dir;
  }

  /** Puts dist/client back as it was. */
  restore() {
    if (this.current) renameSync(this.served, this.homeOf(this.current));
    this.current = undefined;
    if (this.servedIsBuild) renameSync(this.homeOf(this.served), this.served);
    else if (existsSync(this.aside)) renameSync(this.aside, this.served);
  }

  private homeOf(dir: string) {
    return dir === this.served ? path.join(this.root, "dist/.served-builds-home") : dir;
  }
}

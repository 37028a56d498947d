import "../styles/skeletons.css";

/**
 * The screens' shapes while the local store first loads (a fresh browser, before the first
 * pull lands): a board of columns with cards, a list of rows, a task page with its properties
 * column. The same boxes as the real screen, so nothing jumps when it arrives. The shimmer is
 * app-shell.css's, still under prefers-reduced-motion.
 */
export type SkeletonShape = "board" | "list" | "task" | "page";

type ScreenSkeletonProps = {
  shape: SkeletonShape;
  /** What a screen reader hears, e.g. "Loading the project…". */
  label: string;
};

export function ScreenSkeleton({ shape, label }: ScreenSkeletonProps) {
  return (
    <section
      className="page screen-skeleton"
      data-shape={shape}
      role="status"
      aria-busy="true"
      data-testid="screen-skeleton"
    >
      <span className="visually-hidden">{label}</span>
      <div className="screen-skeleton-body" aria-hidden="true">
        {shape === "board" && <BoardShape />}
        {shape === "list" && <ListShape />}
        {shape === "task" && <TaskShape />}
        {shape === "page" && <PageShape />}
      </div>
    </section>
  );
}

/** The skeleton a project screen stands for, from its address. */
export function skeletonShapeOf(pathname: string): SkeletonShape {
  if (/\/project\/[^/]+\/board$/.test(pathname)) return "board";
  if (/\/project\/[^/]+\/(list|backlog)$/.test(pathname)) return "list";
  if (/\/project\/[^/]+\/task\/[^/]+$/.test(pathname)) return "task";
  return "page";
}

const Bar = ({ width, className = "" }: { width?: string; className?: string }) => (
  <span className={`skeleton-bar ${className}`} style={width ? { width } : undefined} />
);

/** Project name, then the Board · List · Backlog tabs. */
function ProjectHeaderShape() {
  return (
    <div className="skeleton-project-header">
      <span className="skeleton-icon" />
      <Bar className="skeleton-title" />
      <span className="skeleton-tabs">
        <Bar width="3rem" />
        <Bar width="2.5rem" />
        <Bar width="3.5rem" />
      </span>
    </div>
  );
}

// Cards per column and title widths vary, as a real board does.
const columnCards = [3, 2, 4, 1];
const titleWidths = ["85%", "60%", "72%", "90%", "55%"];

function BoardShape() {
  return (
    <>
      <ProjectHeaderShape />
      <div className="skeleton-board">
        {columnCards.map((cards, column) => (
          <div key={column} className="skeleton-column" data-testid="skeleton-column">
            <div className="skeleton-column-header">
              <span className="skeleton-icon skeleton-round" />
              <Bar width="5rem" />
              <Bar width="1rem" />
            </div>
            {Array.from({ length: cards }, (_, card) => (
              <div key={card} className="skeleton-task-card" data-testid="skeleton-card">
                <Bar width="3rem" className="skeleton-small" />
                <Bar width={titleWidths[(column + card) % titleWidths.length]} />
                <span className="skeleton-card-meta">
                  <span className="skeleton-icon" />
                  <span className="skeleton-icon skeleton-round" />
                </span>
              </div>
            ))}
          </div>
        ))}
      </div>
    </>
  );
}

function ListShape() {
  return (
    <>
      <ProjectHeaderShape />
      <div className="skeleton-list">
        <div className="skeleton-list-group">
          <span className="skeleton-icon skeleton-round" />
          <Bar width="6rem" />
        </div>
        {Array.from({ length: 8 }, (_, row) => (
          <div key={row} className="skeleton-row" data-testid="skeleton-row">
            <span className="skeleton-icon" />
            <Bar width="3rem" className="skeleton-small" />
            <span className="skeleton-icon skeleton-round" />
            <Bar width={titleWidths[row % titleWidths.length]} className="skeleton-row-title" />
            <span className="skeleton-icon skeleton-round skeleton-avatar" />
          </div>
        ))}
      </div>
    </>
  );
}

function TaskShape() {
  return (
    <div className="skeleton-task">
      <div className="skeleton-task-main">
        <Bar width="6rem" className="skeleton-small" />
        <Bar className="skeleton-task-title" />
        <Bar width="95%" />
        <Bar width="88%" />
        <Bar width="60%" />
      </div>
      <div className="skeleton-task-properties" data-testid="skeleton-properties">
        {["Status", "Priority", "Assignee", "Labels", "Due date"].map((name) => (
          <div key={name} className="skeleton-property">
            <Bar width={`${name.length}ch`} className="skeleton-small" />
            <span className="skeleton-property-value">
              <span className="skeleton-icon skeleton-round" />
              <Bar width="5rem" />
            </span>
          </div>
        ))}
      </div>
    </div>
  );
}

function PageShape() {
  return (
    <div className="skeleton-card">
      <Bar className="skeleton-title" />
      <Bar />
      <Bar className="skeleton-short" />
    </div>
  );
}

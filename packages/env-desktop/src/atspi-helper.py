"""Print the visible AT-SPI accessible tree of an X desktop as JSON, one request per line.

Started by accessibility-reader.ts and kept running, so the AT-SPI connection and its cache stay
warm between snapshots. Protocol, one JSON object per line in each direction:

  stdout at start:  {"ready": true} or {"ready": false, "error": "..."}
  stdin:            {"id": 1, "maxDepth": 40, "maxNodes": 1500, "maxCells": 400, "budgetMs": 2500,
                     "screen": [1280, 800]}
  stdout:           {"id": 1, "ok": true, "nodes": [...], "truncated": false, "elapsedMs": 12.3}
                    {"id": 1, "ok": false, "error": "..."}

Each node: {"role", "name", "depth", "box": [x, y, width, height], "states": [...], "value"?}.
Only showing nodes with a box that meets the screen are listed; hidden subtrees are not entered.
Must run on Debian's /usr/bin/python3, where python3-pyatspi is installed.
"""

import json
import sys
import time

try:
    import gi

    gi.require_version("Atspi", "2.0")
    from gi.repository import GLib
    import pyatspi
except Exception as error:  # noqa: BLE001 - any import failure means "no AT-SPI here"
    print(json.dumps({"ready": False, "error": "pyatspi unavailable: %s" % error}), flush=True)
    sys.exit(0)

# Per-call D-Bus timeouts (ms): a hung application costs at most this, not the 25 s default.
pyatspi.Atspi.set_timeout(800, 5000)

REPORTED_STATES = {
    pyatspi.STATE_FOCUSED: "focused",
    pyatspi.STATE_CHECKED: "checked",
    pyatspi.STATE_INDETERMINATE: "mixed",
    pyatspi.STATE_EXPANDABLE: "expandable",
    pyatspi.STATE_EXPANDED: "expanded",
    pyatspi.STATE_SELECTED: "selected",
    pyatspi.STATE_ENABLED: "enabled",
    pyatspi.STATE_SENSITIVE: "sensitive",
    pyatspi.STATE_ACTIVE: "active",
}
CHECKABLE_STATE = getattr(pyatspi, "STATE_CHECKABLE", None)
TEXT_ROLES = {"text", "entry", "password text", "table cell", "spin button", "combo box", "paragraph"}
VALUE_ROLES = {"scroll bar", "slider", "spin button", "progress bar", "dial", "level bar"}
MAX_TEXT = 300
# Containers with more children than this (a spreadsheet's 2^31 cells) are read through their
# Table interface, visible cells only.
MANY_CHILDREN = 500


class Budget(Exception):
    pass


class Snapshot:
    def __init__(self, request):
        self.max_depth = int(request.get("maxDepth", 40))
        self.max_nodes = int(request.get("maxNodes", 1500))
        self.max_cells = int(request.get("maxCells", 400))
        self.deadline = time.monotonic() + float(request.get("budgetMs", 2500)) / 1000.0
        width, height = request.get("screen", [1 << 15, 1 << 15])
        self.screen = (0, 0, int(width), int(height))
        self.nodes = []
        self.truncated = False

    def check(self):
        if len(self.nodes) >= self.max_nodes or time.monotonic() > self.deadline:
            self.truncated = True
            raise Budget()

    def run(self):
        desktop = pyatspi.Registry.getDesktop(0)
        windows = []
        for app in children_of(desktop, MANY_CHILDREN):
            for window in children_of(app, MANY_CHILDREN):
                states = state_set(window)
                if pyatspi.STATE_SHOWING in states:
                    windows.append((pyatspi.STATE_ACTIVE not in states, window))
        # The active window first, so a budget cut drops the others.
        windows.sort(key=lambda pair: pair[0])
        try:
            for _, window in windows:
                self.visit(window, 0)
        except Budget:
            pass
        return self.nodes

    def visit(self, accessible, depth, offset=(0, 0), parent=None):
        self.check()
        states = state_set(accessible)
        if pyatspi.STATE_SHOWING not in states:
            return
        raw = extents(accessible)
        if raw is None:
            return
        box = shift(raw, offset)
        if parent is not None and box[2:] == parent[2:] and box[:2] != parent[:2]:
            # A child exactly the size of its parent but somewhere else reports in another frame:
            # LibreOffice's gtk3 plugin leaves out the height of the GTK menu bar above its own
            # widgets. Move it, and everything below it, onto its parent.
            offset = (offset[0] + parent[0] - box[0], offset[1] + parent[1] - box[1])
            box = shift(raw, offset)
        if not meets(box, self.screen):
            return
        role = accessible.getRoleName()
        self.record(accessible, role, states, box, depth)
        if depth >= self.max_depth:
            return
        count = accessible.childCount
        if count > MANY_CHILDREN:
            self.visit_visible_cells(accessible, raw, offset, depth + 1)
            return
        for child in children_of(accessible, count):
            self.visit(child, depth + 1, offset, box)

    def record(self, accessible, role, states, box, depth):
        node = {
            "role": role,
            "name": (accessible.name or "")[:MAX_TEXT],
            "depth": depth,
            "box": list(box),
            "states": [label for state, label in REPORTED_STATES.items() if state in states],
        }
        if CHECKABLE_STATE is not None and CHECKABLE_STATE in states:
            node["states"].append("checkable")
        value = value_of(accessible, role)
        if value is not None:
            node["value"] = value
        self.nodes.append(node)

    def visit_visible_cells(self, table_accessible, box, offset, depth):
        """Cells of a huge table that are on screen: from the top-left cell, right then down.

        `box` is the table's extents as the application reports them (hit tests use its frame);
        `offset` moves them onto the screen.
        """
        try:
            table = table_accessible.queryTable()
            component = table_accessible.queryComponent()
            first = component.getAccessibleAtPoint(box[0] + 2, box[1] + 2, pyatspi.DESKTOP_COORDS)
        except Exception:  # noqa: BLE001 - no table interface: list nothing rather than 2^31 children
            return
        if first is None:
            return
        index = first.getIndexInParent()
        first_row, first_column = table.getRowAtIndex(index), table.getColumnAtIndex(index)
        right, bottom = box[0] + box[2], box[1] + box[3]
        rows, columns = table.nRows, table.nColumns
        cells = 0
        row = first_row
        while row < rows and cells < self.max_cells:
            column = first_column
            row_visible = False
            while column < columns and cells < self.max_cells:
                self.check()
                cell = table.getAccessibleAt(row, column)
                cell_box = extents(cell) if cell is not None else None
                if cell_box is None or cell_box[0] >= right:
                    break
                if cell_box[1] >= bottom:
                    return
                row_visible = True
                cells += 1
                self.record(cell, cell.getRoleName(), state_set(cell), shift(clip(cell_box, box), offset), depth)
                column += 1
            if not row_visible:
                return
            row += 1


def children_of(accessible, count):
    for index in range(min(count, accessible.childCount)):
        try:
            child = accessible.getChildAtIndex(index)
        except Exception:  # noqa: BLE001 - a child that vanished mid-walk
            continue
        if child is not None:
            yield child


def state_set(accessible):
    try:
        return set(accessible.getState().getStates())
    except Exception:  # noqa: BLE001
        return set()


def extents(accessible):
    try:
        box = accessible.queryComponent().getExtents(pyatspi.DESKTOP_COORDS)
    except Exception:  # noqa: BLE001 - no component: not on screen
        return None
    if box.width <= 0 or box.height <= 0 or box.x < -(1 << 20) or box.y < -(1 << 20):
        return None
    return (box.x, box.y, box.width, box.height)


def shift(box, offset):
    return (box[0] + offset[0], box[1] + offset[1], box[2], box[3])


def meets(box, screen):
    return box[0] < screen[2] and box[1] < screen[3] and box[0] + box[2] > 0 and box[1] + box[3] > 0


def clip(box, within):
    left, top = max(box[0], within[0]), max(box[1], within[1])
    right = min(box[0] + box[2], within[0] + within[2])
    bottom = min(box[1] + box[3], within[1] + within[3])
    return (left, top, max(0, right - left), max(0, bottom - top))


def value_of(accessible, role):
    # Text first: a spreadsheet cell also has a Value interface, which reads 0 for a word.
    if role in TEXT_ROLES:
        try:
            text = accessible.queryText()
            return text.getText(0, min(text.characterCount, MAX_TEXT))
        except Exception:  # noqa: BLE001 - no text interface
            pass
    if role in VALUE_ROLES:
        try:
            return format_number(accessible.queryValue().currentValue)
        except Exception:  # noqa: BLE001 - no value interface
            pass
    return None


def format_number(number):
    return str(int(number)) if float(number).is_integer() else repr(float(number))


def drain_events():
    """Let queued AT-SPI signals update the cache, so names and states are current."""
    context = GLib.MainContext.default()
    handled = 0
    while context.pending() and handled < 10000:
        context.iteration(False)
        handled += 1


def main():
    print(json.dumps({"ready": True}), flush=True)
    for line in sys.stdin:
        line = line.strip()
        if not line:
            continue
        request = {}
        started = time.monotonic()
        try:
            request = json.loads(line)
            drain_events()
            snapshot = Snapshot(request)
            nodes = snapshot.run()
            answer = {"id": request.get("id"), "ok": True, "nodes": nodes, "truncated": snapshot.truncated}
        except Exception as error:  # noqa: BLE001 - report, keep serving
            answer = {"id": request.get("id"), "ok": False, "error": str(error)}
        answer["elapsedMs"] = round((time.monotonic() - started) * 1000, 1)
        print(json.dumps(answer), flush=True)


main()

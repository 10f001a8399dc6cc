"""A small Tk window that reports what it receives, one JSON object a line on stdout.

Usage: python3 probe-app.py TITLE

Top: a text entry. Below: a canvas that reports button presses, releases, double clicks and
wheel buttons at root coordinates, and drags. The entry reports when it gains and loses the keyboard focus. Keys pressed anywhere are reported with their
keysym, character and modifier state. F2 reports the clipboard, F3 puts a known text on it, F4
paints a blue block on the canvas 300 ms later.
Commands on stdin, one a line: "layout" reports where the entry and canvas are on screen,
"pointer" where the pointer is.
"""

import json
import sys
import tkinter

title = sys.argv[1] if len(sys.argv) > 1 else "Sandpiper probe"
root = tkinter.Tk()
root.title(title)
root.geometry("640x420+20+40")


def report(**fields):
    print(json.dumps(fields), flush=True)


text = tkinter.StringVar()
entry = tkinter.Entry(root, textvariable=text, font=("DejaVu Sans", 14))
entry.pack(fill="x", padx=8, pady=8)
canvas = tkinter.Canvas(root, background="white", highlightthickness=0)
canvas.pack(fill="both", expand=True)
drag = {"start": None, "moved": False}

text.trace_add("write", lambda *_: report(event="text", value=text.get()))
entry.bind("<FocusIn>", lambda _event: report(event="entry-focus"))
entry.bind("<FocusOut>", lambda _event: report(event="entry-blur"))


def pressed(event):
    drag["start"] = (event.x_root, event.y_root)
    drag["moved"] = False
    canvas.create_rectangle(event.x - 3, event.y - 3, event.x + 3, event.y + 3, fill="red", outline="")
    report(event="press", button=event.num, x=event.x_root, y=event.y_root, state=event.state)


def released(event):
    report(event="release", button=event.num, x=event.x_root, y=event.y_root, moved=drag["moved"])


def moved(event):
    drag["moved"] = True


canvas.bind("<ButtonPress>", pressed)
canvas.bind("<ButtonRelease>", released)
canvas.bind("<B1-Motion>", moved)
# On a tag of its own, so a second press is reported as a press as well as a double click.
canvas.bindtags((str(canvas), "ProbeDouble") + canvas.bindtags()[1:])
canvas.bind_class("ProbeDouble", "<Double-Button-1>", lambda event: report(event="double", x=event.x_root, y=event.y_root))


def key(event):
    report(event="key", keysym=event.keysym, char=event.char, state=event.state)


root.bind_all("<KeyPress>", key)


def report_clipboard(_event):
    try:
        value = root.clipboard_get()
    except tkinter.TclError:
        value = None
    report(event="clipboard", value=value)


def set_clipboard(_event):
    root.clipboard_clear()
    root.clipboard_append("from tk \u2713")
    report(event="clipboard-set")


root.bind_all("<F2>", report_clipboard)
root.bind_all("<F3>", set_clipboard)


def paint_late(_event):
    # An answer painted a moment after the key, as a busy program paints.
    def paint():
        canvas.create_rectangle(200, 150, 260, 190, fill="#0000ff", outline="")
        report(event="painted")

    root.after(300, paint)


root.bind_all("<F4>", paint_late)


def layout(name):
    root.update_idletasks()
    report(
        event=name,
        entry=[entry.winfo_rootx(), entry.winfo_rooty(), entry.winfo_width(), entry.winfo_height()],
        canvas=[canvas.winfo_rootx(), canvas.winfo_rooty(), canvas.winfo_width(), canvas.winfo_height()],
    )


def command(_file, _mask):
    raw = sys.stdin.readline()
    line = raw.strip()
    if raw == "":
        # End of input (or no input at all, when started without a pipe): stop listening, keep running.
        root.tk.deletefilehandler(sys.stdin)
    elif line == "layout":
        layout("layout")
    elif line == "pointer":
        x, y = root.winfo_pointerxy()
        report(event="pointer", x=x, y=y)


mapped = {"done": False}


def on_map(event):
    if event.widget is root and not mapped["done"]:
        mapped["done"] = True
        root.after_idle(lambda: layout("ready"))


root.bind("<Map>", on_map, add="+")
root.tk.createfilehandler(sys.stdin, tkinter.READABLE, command)
root.mainloop()

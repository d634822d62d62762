#!/usr/bin/python3
# A minimal WebKitGTK browser for WebKitWebDriver: the `binary` (through /usr/bin/python3) of the
# session's webkitgtk:browserOptions (tests/engines/driver.ts). Debian's gir1.2-webkit2-4.1 and
# python3-gi, nothing else.
#
# Why not MiniBrowser: under automation it uses an ephemeral (private) data store, and WebKit writes
# no console message of an ephemeral session to stdout, so console errors and uncaught exceptions
# could not be collected (WebKitWebDriver offers no BiDi log either). This shell keeps a persistent
# store in a fresh temp dir and turns on `enable-write-console-messages-to-stdout`; the web process
# inherits its stdout and stderr, which go to --log: lines like
#   http://127.0.0.1:4173/assets/x.js:1:17: CONSOLE JS ERROR RangeError: Invalid Date
#
# Usage (by the driver): wkshell.py --automation --log=FILE [--lang=ar-SA,ar]
# --lang: the preferred languages (navigator.languages, Accept-Language), as a phone set to Arabic.
import atexit
import os
import shutil
import sys
import tempfile

import gi

gi.require_version('Gtk', '3.0')
gi.require_version('WebKit2', '4.1')
from gi.repository import Gtk, WebKit2  # noqa: E402


def option(name):
    return next((a.split('=', 1)[1] for a in sys.argv if a.startswith(f'--{name}=')), None)


log = option('log')
if log:
    fd = os.open(log, os.O_WRONLY | os.O_CREAT | os.O_APPEND, 0o644)
    os.dup2(fd, 1)
    os.dup2(fd, 2)
datadir = tempfile.mkdtemp(prefix='wkshell-')
atexit.register(lambda: shutil.rmtree(datadir, ignore_errors=True))
manager = WebKit2.WebsiteDataManager(base_data_directory=datadir, base_cache_directory=datadir)
ctx = WebKit2.WebContext(website_data_manager=manager)
ctx.set_automation_allowed(True)
lang = option('lang')
if lang:
    ctx.set_preferred_languages(lang.split(','))
settings = WebKit2.Settings()
settings.set_enable_write_console_messages_to_stdout(True)
settings.set_enable_developer_extras(True)
windows = []


def closed(view, win):
    win.destroy()
    windows.remove(win)
    if not windows:
        Gtk.main_quit()


def new_view(*_):
    view = WebKit2.WebView(web_context=ctx, settings=settings, is_controlled_by_automation=True)
    win = Gtk.Window()
    win.set_default_size(1280, 900)
    win.add(view)
    win.show_all()
    view.connect('close', closed, win)
    windows.append(win)
    return view


def automation_started(_ctx, session):
    info = WebKit2.ApplicationInfo()
    info.set_name('wkshell')
    info.set_version(WebKit2.get_major_version(), WebKit2.get_minor_version(), WebKit2.get_micro_version())
    session.set_application_info(info)
    session.connect('create-web-view', new_view)


ctx.connect('automation-started', automation_started)
Gtk.main()

from PySide6.QtWidgets import QApplication, QWidget
from gmtool.games.aura_battler.rules import duel_messages as m
def test_probe(duel_window):
    w = duel_window
    for unit, split in {"u1": (3, 2, 1, 1, 1, 0), "u2": (3, 1, 1, 1, 1, 0), "u3": (5, 0, 0, 0, 0, 0)}.items():
        w.run(m.AllocatePP(unit=unit, points=split))
    w.bridge.select("u1"); w.action("ab_attack").trigger()
    p = w.parts.attack_panel
    QApplication.processEvents()
    print("before", p.minimumSizeHint().width(), p.width(), p.parentWidget().width())
    p.faces["hit"].setText("2 3"); p.faces["damage"].setText("3")
    w.action("ab_roll_attack").trigger()
    QApplication.processEvents()
    print("after", p.minimumSizeHint().width(), p.width(), p.parentWidget().width())
    for c in p.findChildren(QWidget):
        if c.isVisible() and c.minimumSizeHint().width() > 150:
            print(c.objectName() or type(c).__name__, c.minimumSizeHint().width(), getattr(c, "text", lambda: "")()[:60] if hasattr(c,"text") else "")

import os
import sys

# The course's reference board (course_board.py) sits next to the tests.
sys.path.insert(0, os.path.dirname(__file__))

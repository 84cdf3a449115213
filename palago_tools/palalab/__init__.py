"""Palalaboratory tasks: checking submitted creatures (red tasks), the shortest
transformation between two creatures (green tasks), generating new creatures and searching for
the highest-scoring one. See docs/puzzles.md."""

from .best import SearchResult, best_creature
from .catalog import CardError, Catalog, CatalogEntry, catalog_index
from .check import (
    CreatureReport,
    Problem,
    ProblemKind,
    RedTaskVerdict,
    SubmissionReport,
    check_red_task,
    check_submission,
)
from .found import FoundCreature
from .generate import distinct_creatures, generate_creatures, iter_creatures
from .transform import (
    AddStep,
    MoveStep,
    RemoveStep,
    RotateStep,
    StepError,
    TargetPlacement,
    TaskStep,
    TransformationCheck,
    TransformDistance,
    apply_step,
    check_transformation,
    same_shape,
    transform_distance,
    transformation_steps,
)

__all__ = [
    "AddStep",
    "CardError",
    "Catalog",
    "CatalogEntry",
    "CreatureReport",
    "FoundCreature",
    "MoveStep",
    "Problem",
    "ProblemKind",
    "RedTaskVerdict",
    "RemoveStep",
    "RotateStep",
    "SearchResult",
    "StepError",
    "SubmissionReport",
    "TargetPlacement",
    "TaskStep",
    "TransformDistance",
    "TransformationCheck",
    "apply_step",
    "best_creature",
    "catalog_index",
    "check_red_task",
    "check_submission",
    "check_transformation",
    "distinct_creatures",
    "generate_creatures",
    "iter_creatures",
    "same_shape",
    "transform_distance",
    "transformation_steps",
]

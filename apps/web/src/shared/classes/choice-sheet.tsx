import { Popup } from 'antd-mobile';
import { CheckOutline } from 'antd-mobile-icons';
import { type ReactNode, useId } from 'react';
import { useTranslation } from 'react-i18next';
import './classes.css';

export interface Choice {
  key: string;
  label: ReactNode;
  description?: ReactNode;
}

interface ChoiceSheetProps {
  visible: boolean;
  title: string;
  choices: readonly Choice[];
  /** The current choice, marked with a tick. */
  selected?: string;
  onChoose: (key: string) => void;
  onClose: () => void;
}

/**
 * A bottom sheet of choices, each a real button (antd-mobile's ActionSheet gives its items
 * role="option" outside any listbox, which assistive technology cannot make sense of).
 */
export function ChoiceSheet({ visible, title, choices, selected, onChoose, onClose }: ChoiceSheetProps) {
  const { t } = useTranslation();
  const titleId = useId();
  return (
    <Popup visible={visible} onMaskClick={onClose} onClose={onClose}>
      <div className="sheet choice-sheet" role="dialog" aria-labelledby={titleId}>
        <h2 id={titleId} className="sheet-title">
          {title}
        </h2>
        <ul className="choice-list">
          {choices.map((choice) => (
            <li key={choice.key}>
              <button
                type="button"
                className={`choice${choice.key === selected ? ' is-selected' : ''}`}
                aria-pressed={selected === undefined ? undefined : choice.key === selected}
                onClick={() => onChoose(choice.key)}
              >
                <span className="choice-text">
                  <span className="choice-label">{choice.label}</span>
                  {choice.description && <span className="secondary">{choice.description}</span>}
                </span>
                {choice.key === selected && <CheckOutline aria-hidden="true" className="choice-tick" />}
              </button>
            </li>
          ))}
        </ul>
        <button type="button" className="choice choice-cancel" onClick={onClose}>
          {t('common.cancel')}
        </button>
      </div>
    </Popup>
  );
}

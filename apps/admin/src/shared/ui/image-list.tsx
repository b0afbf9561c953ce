import { DeleteOutlined, HolderOutlined, PlusOutlined } from '@ant-design/icons';
import {
  closestCenter,
  DndContext,
  type DragEndEvent,
  KeyboardSensor,
  PointerSensor,
  useSensor,
  useSensors,
} from '@dnd-kit/core';
import {
  arrayMove,
  rectSortingStrategy,
  SortableContext,
  sortableKeyboardCoordinates,
  useSortable,
} from '@dnd-kit/sortable';
import { CSS } from '@dnd-kit/utilities';
import { ApiError } from '@studio/client/api-error';
import { imageVariant } from '@studio/contract/images';
import { Button, Flex, Upload } from 'antd';
import { useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { showMessage } from './feedback';
import { uploadImage } from './image-upload';

/**
 * Several images in order (the first is the cover): drag a picture (or focus its handle and use the
 * arrow keys) to move it, remove one, upload more. A form control: value / onChange.
 */
export function ImageList({
  value = [],
  onChange,
  label,
  max,
}: {
  value?: string[];
  onChange?: (urls: string[]) => void;
  label: string;
  max: number;
}) {
  const { t } = useTranslation();
  const [busy, setBusy] = useState(0);
  // The list as it is now: several uploads finish one after another, each adding to the latest.
  const latest = useRef(value);
  latest.current = value;
  const sensors = useSensors(
    useSensor(PointerSensor, { activationConstraint: { distance: 4 } }),
    useSensor(KeyboardSensor, { coordinateGetter: sortableKeyboardCoordinates }),
  );
  const onDragEnd = ({ active, over }: DragEndEvent) => {
    if (!over || active.id === over.id) return;
    onChange?.(arrayMove(value, value.indexOf(String(active.id)), value.indexOf(String(over.id))));
  };
  return (
    <Flex gap={12} wrap align="center">
      <DndContext sensors={sensors} collisionDetection={closestCenter} onDragEnd={onDragEnd}>
        <SortableContext items={value} strategy={rectSortingStrategy}>
          <ul className="image-list" aria-label={label}>
            {value.map((url, i) => (
              <SortableImage
                key={url}
                url={url}
                index={i}
                total={value.length}
                label={label}
                onRemove={() => onChange?.(value.filter((v) => v !== url))}
              />
            ))}
          </ul>
        </SortableContext>
      </DndContext>
      {value.length < max && (
        <Upload
          accept="image/png,image/jpeg,image/webp,image/gif"
          multiple
          showUploadList={false}
          customRequest={async ({ file, onSuccess, onError }) => {
            setBusy((n) => n + 1);
            try {
              const url = await uploadImage(file as File);
              latest.current = [...latest.current, url].slice(0, max);
              onChange?.(latest.current);
              onSuccess?.(url);
            } catch (e) {
              showMessage(e instanceof ApiError ? e.msg : String(e));
              onError?.(e as Error);
            } finally {
              setBusy((n) => n - 1);
            }
          }}
        >
          <Button icon={<PlusOutlined />} loading={busy > 0} aria-label={`${label}: ${t('actions.upload')}`}>
            {t('actions.upload')}
          </Button>
        </Upload>
      )}
    </Flex>
  );
}

function SortableImage({
  url,
  index,
  total,
  label,
  onRemove,
}: {
  url: string;
  index: number;
  total: number;
  label: string;
  onRemove: () => void;
}) {
  const { t } = useTranslation();
  const { attributes, listeners, setNodeRef, transform, transition, isDragging } = useSortable({ id: url });
  return (
    <li
      ref={setNodeRef}
      className={`image-list-item ${isDragging ? 'is-dragging' : ''}`}
      style={{ transform: CSS.Transform.toString(transform), transition }}
    >
      <img
        src={imageVariant(url, 'thumb')}
        alt={t('imageList.picture', { label, n: index + 1, total })}
        width={96}
        height={96}
      />
      {index === 0 && <span className="image-list-cover">{t('imageList.cover')}</span>}
      <Flex justify="space-between" className="image-list-tools">
        <Button
          size="small"
          type="text"
          icon={<HolderOutlined />}
          aria-label={t('imageList.move', { n: index + 1 })}
          {...attributes}
          {...listeners}
        />
        <Button
          size="small"
          type="text"
          danger
          icon={<DeleteOutlined />}
          aria-label={t('imageList.remove', { n: index + 1 })}
          onClick={onRemove}
        />
      </Flex>
    </li>
  );
}

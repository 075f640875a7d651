import AddIcon from '@mui/icons-material/Add';
import DeleteIcon from '@mui/icons-material/DeleteOutlined';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import Divider from '@mui/material/Divider';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormHelperText from '@mui/material/FormHelperText';
import IconButton from '@mui/material/IconButton';
import MenuItem from '@mui/material/MenuItem';
import Paper from '@mui/material/Paper';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import type { Location, OrderDetail } from '@portal/contract';
import {
  EQUIPMENT_CATEGORY_DISPLAY_NAMES,
  EQUIPMENT_TYPE_DISPLAY_NAMES,
  EquipmentCategory,
  FREIGHT_CLASSES,
  LOAD_TYPE_DISPLAY_NAMES,
  timeZoneForPostalCode,
  type EquipmentType,
} from '@portal/domain';
import {
  Controller,
  useFieldArray,
  useForm,
  type Control,
  type FieldErrors,
  type UseFormRegister,
  type UseFormWatch,
} from 'react-hook-form';
import { Link as RouterLink, useNavigate, useParams } from 'react-router';
import { LocationPicker } from '../../../shared/locations';
import { toast } from '../../../shared/notifications';
import { useLocationsOnFile, useOrderDetail, useSaveOrder } from '../api/order-detail';
import {
  emptyLineItem,
  emptyOrder,
  emptyStop,
  locationProblem,
  orderPayload,
  orderValuesFrom,
  REFERENCE_LABELS,
  stopPostalCode,
  timeProblem,
  type OrderValues,
} from './order-form-values';

const SHIPPING_MODES = [0, 1, 2, 3] as const;
const EQUIPMENT_MODES = [0, 1, 2, 3, 4, 5] as const;
const EQUIPMENT_TYPE_CHOICES: EquipmentType[] = [1, 2, 4, 8, 16, 32, 64];
const PACKAGE_TYPES = ['Pallet', 'Crate', 'Box', 'Drum', 'Bundle', 'Roll', 'Piece'];

/** /orders/create. */
export function OrderCreatePage() {
  return <OrderForm order={null} locationsOnFile={NO_LOCATIONS} />;
}

/** /orders/{orderNumber}/edit. */
export function OrderEditPage() {
  const { orderNumber = '' } = useParams();
  const order = useOrderDetail(orderNumber);
  const onFile = useLocationsOnFile(order.data);
  if (order.isPending || (order.data?.isEditable && onFile.isPending)) {
    return (
      <Box sx={{ p: 3, maxWidth: 960, mx: 'auto' }}>
        <Skeleton variant="rounded" height={480} />
      </Box>
    );
  }
  if (order.isError) {
    return (
      <Box sx={{ p: 3, maxWidth: 960, mx: 'auto' }}>
        <Alert severity="error">Order {orderNumber} could not be found.</Alert>
      </Box>
    );
  }
  if (!order.data.isEditable) {
    return (
      <Box sx={{ p: 3, maxWidth: 960, mx: 'auto' }}>
        <Alert severity="info">
          Order {orderNumber} is{' '}
          {order.data.shipment
            ? `on shipment ${order.data.shipment.shipmentNumber}`
            : order.data.status}{' '}
          and can no longer be changed.
        </Alert>
      </Box>
    );
  }
  return <OrderForm order={order.data} locationsOnFile={onFile.locations} />;
}

interface SectionProps {
  control: Control<OrderValues>;
  register: UseFormRegister<OrderValues>;
  watch: UseFormWatch<OrderValues>;
  errors: FieldErrors<OrderValues>;
}

function Section({ title, children }: { title: string; children: React.ReactNode }) {
  return (
    <Box component="section" aria-label={title}>
      <Typography variant="h6" component="h2" sx={{ mb: 1.5 }}>
        {title}
      </Typography>
      <Stack spacing={2}>{children}</Stack>
    </Box>
  );
}

const NO_LOCATIONS: ReadonlyMap<string, Location> = new Map();

function OrderForm({
  order,
  locationsOnFile,
}: {
  order: OrderDetail | null;
  locationsOnFile: ReadonlyMap<string, Location>;
}) {
  const navigate = useNavigate();
  const save = useSaveOrder();
  const { control, register, watch, handleSubmit, formState } = useForm<OrderValues>({
    defaultValues: order ? orderValuesFrom(order, locationsOnFile) : emptyOrder(),
    mode: 'onTouched',
  });
  const props = { control, register, watch, errors: formState.errors };
  const onSubmit = handleSubmit(async (values) => {
    const saved = await save.mutateAsync({
      orderNumber: order?.orderNumber ?? null,
      body: orderPayload(values),
    });
    toast.success(
      order
        ? `Order ${saved.data.orderNumber} was saved`
        : `Order ${saved.data.orderNumber} was created`,
    );
    navigate(`/orders/${saved.data.orderNumber}/preview/details`);
  });
  const title = order ? `Edit Order ${order.orderNumber}` : 'Create Order';

  return (
    <Box sx={{ p: { xs: 1, md: 3 }, maxWidth: 1040, mx: 'auto' }}>
      <Paper
        variant="outlined"
        component="form"
        noValidate
        aria-label={title}
        onSubmit={(event) => void onSubmit(event).catch(() => undefined)}
        sx={{ p: { xs: 1.5, md: 3 } }}
      >
        <Typography variant="h5" component="h1" sx={{ mb: 2 }}>
          {title}
        </Typography>
        <Stack spacing={3} divider={<Divider flexItem />}>
          <EquipmentSection {...props} />
          <StopsSection {...props} />
          <LineItemsSection {...props} />
          <ReferencesSection {...props} />
          <Stack direction={{ xs: 'column-reverse', sm: 'row' }} spacing={1.5}>
            <Button
              component={RouterLink}
              to={order ? `/orders/${order.orderNumber}/preview/details` : '/orders'}
            >
              Cancel
            </Button>
            <Box sx={{ flex: 1 }} />
            <Button type="submit" variant="contained" disabled={formState.isSubmitting}>
              {order ? 'Save Order' : 'Create Order'}
            </Button>
          </Stack>
        </Stack>
      </Paper>
    </Box>
  );
}

function EquipmentSection({ control, register, watch, errors }: SectionProps) {
  const equipmentMode = watch('equipmentMode');
  const hasHazmat = watch('lineItems').some(
    (item) => item.hazmatClass || item.hazmatGroup || item.unNumber,
  );
  return (
    <Section title="Equipment">
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
        <Controller
          control={control}
          name="shippingMode"
          render={({ field }) => (
            <TextField select label="Shipping mode" fullWidth {...field}>
              {SHIPPING_MODES.map((mode) => (
                <MenuItem key={mode} value={mode}>
                  {LOAD_TYPE_DISPLAY_NAMES[mode]}
                </MenuItem>
              ))}
            </TextField>
          )}
        />
        <Controller
          control={control}
          name="equipmentMode"
          render={({ field }) => (
            <TextField select label="Equipment mode" fullWidth {...field}>
              {EQUIPMENT_MODES.map((mode) => (
                <MenuItem key={mode} value={mode}>
                  {EQUIPMENT_CATEGORY_DISPLAY_NAMES[mode]}
                </MenuItem>
              ))}
            </TextField>
          )}
        />
        <Controller
          control={control}
          name="equipmentTypes"
          rules={{ validate: (types) => types.length > 0 || 'Choose at least one equipment type' }}
          render={({ field, fieldState }) => (
            <TextField
              select
              label="Equipment types"
              fullWidth
              value={field.value}
              onChange={(event) => field.onChange(event.target.value as unknown as number[])}
              slotProps={{ select: { multiple: true } }}
              error={Boolean(fieldState.error)}
              helperText={fieldState.error?.message}
            >
              {EQUIPMENT_TYPE_CHOICES.map((type) => (
                <MenuItem key={type} value={type}>
                  {EQUIPMENT_TYPE_DISPLAY_NAMES[type]}
                </MenuItem>
              ))}
            </TextField>
          )}
        />
      </Stack>
      {equipmentMode === EquipmentCategory.Reefer && (
        <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
          <TextField
            label="Reefer temperature (°F)"
            type="number"
            fullWidth
            {...register('reeferTemperature', {
              validate: (value, values) =>
                values.equipmentMode !== EquipmentCategory.Reefer ||
                value.trim() !== '' ||
                'Enter the reefer temperature',
            })}
            error={Boolean(errors.reeferTemperature)}
            helperText={errors.reeferTemperature?.message}
          />
          <Controller
            control={control}
            name="reeferMode"
            render={({ field }) => (
              <TextField select label="Reefer mode" fullWidth {...field}>
                <MenuItem value="">Not set</MenuItem>
                <MenuItem value="Continuous">Continuous</MenuItem>
                <MenuItem value="Cycle-Sentry">Cycle-Sentry</MenuItem>
              </TextField>
            )}
          />
        </Stack>
      )}
      <TextField
        label="Hazmat emergency contact"
        fullWidth
        {...register('hazmatEmergencyContactInfo', {
          validate: (value, values) =>
            !values.lineItems.some(
              (item) => item.hazmatClass || item.hazmatGroup || item.unNumber,
            ) ||
            value.trim() !== '' ||
            'Hazmat freight needs an emergency contact',
        })}
        required={hasHazmat}
        error={Boolean(errors.hazmatEmergencyContactInfo)}
        helperText={errors.hazmatEmergencyContactInfo?.message}
      />
      <Controller
        control={control}
        name="isTeamRequired"
        render={({ field }) => (
          <FormControlLabel
            label="Team drivers required"
            control={
              <Checkbox
                checked={field.value}
                onChange={(event) => field.onChange(event.target.checked)}
              />
            }
          />
        )}
      />
    </Section>
  );
}

function StopsSection({ control, register, watch, errors }: SectionProps) {
  const stops = useFieldArray({ control, name: 'stops' });
  return (
    <Section title="Stops">
      {stops.fields.map((field, index) => {
        const stopErrors = errors.stops?.[index];
        const zone = timeZoneForPostalCode(stopPostalCode(watch(`stops.${index}`)));
        const problem = (name: keyof NonNullable<typeof stopErrors>) =>
          (stopErrors?.[name] as { message?: string } | undefined)?.message;
        return (
          <Paper
            key={field.id}
            variant="outlined"
            role="group"
            aria-label={`Stop ${index + 1}`}
            sx={{ p: { xs: 1.5, md: 2 } }}
          >
            <Stack spacing={2}>
              <Stack direction="row" spacing={1} sx={{ alignItems: 'center' }}>
                <Typography variant="subtitle1" component="h3" sx={{ flex: 1, fontWeight: 600 }}>
                  Stop {index + 1}
                </Typography>
                {stops.fields.length > 2 && (
                  <IconButton
                    aria-label={`Remove stop ${index + 1}`}
                    onClick={() => stops.remove(index)}
                  >
                    <DeleteIcon />
                  </IconButton>
                )}
              </Stack>
              <Controller
                control={control}
                name={`stops.${index}.type`}
                render={({ field: typeField }) => (
                  <TextField select label="Stop type" fullWidth {...typeField}>
                    <MenuItem value="Pickup">Pickup</MenuItem>
                    <MenuItem value="Delivery">Delivery</MenuItem>
                  </TextField>
                )}
              />
              <Controller
                control={control}
                name={`stops.${index}.location`}
                rules={{ validate: locationProblem }}
                render={({ field: locationField, fieldState }) => (
                  <Box>
                    <LocationPicker
                      label={`${watch(`stops.${index}.type`)} location`}
                      value={locationField.value}
                      onChange={locationField.onChange}
                      error={fieldState.error?.message}
                    />
                    {locationField.value?.typedIn && fieldState.error && (
                      <FormHelperText error>{fieldState.error.message}</FormHelperText>
                    )}
                  </Box>
                )}
              />
              <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
                <TextField
                  label="Date"
                  type="date"
                  required
                  fullWidth
                  slotProps={{ inputLabel: { shrink: true } }}
                  {...register(`stops.${index}.date`, {
                    validate: (value) => value !== '' || 'Enter the stop date',
                  })}
                  error={Boolean(problem('date'))}
                  helperText={problem('date')}
                />
                <TextField
                  label="Early"
                  type="time"
                  required
                  fullWidth
                  slotProps={{ inputLabel: { shrink: true } }}
                  {...register(`stops.${index}.earlyTime`, {
                    validate: (value) => timeProblem(value, true),
                  })}
                  error={Boolean(problem('earlyTime'))}
                  helperText={problem('earlyTime') ?? (zone ? `On ${zone} time` : undefined)}
                />
                <TextField
                  label="Late"
                  type="time"
                  fullWidth
                  slotProps={{ inputLabel: { shrink: true } }}
                  {...register(`stops.${index}.lateTime`, {
                    validate: (value, values) => {
                      const early = values.stops[index]?.earlyTime ?? '';
                      const shape = timeProblem(value, false);
                      if (shape !== true) return shape;
                      return !value || !early || value >= early || 'Late must not be before early';
                    },
                  })}
                  error={Boolean(problem('lateTime'))}
                  helperText={problem('lateTime')}
                />
                <TextField
                  label="Appointment"
                  type="time"
                  fullWidth
                  slotProps={{ inputLabel: { shrink: true } }}
                  {...register(`stops.${index}.appointmentTime`, {
                    validate: (value) => timeProblem(value, false),
                  })}
                  error={Boolean(problem('appointmentTime'))}
                  helperText={problem('appointmentTime')}
                />
              </Stack>
              <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
                <TextField
                  label="Contact first name"
                  fullWidth
                  {...register(`stops.${index}.contactFirstName`)}
                />
                <TextField
                  label="Contact last name"
                  fullWidth
                  {...register(`stops.${index}.contactLastName`)}
                />
                <TextField
                  label="Contact email"
                  type="email"
                  fullWidth
                  {...register(`stops.${index}.contactEmail`, {
                    validate: (value) =>
                      value.trim() === '' ||
                      /^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(value.trim()) ||
                      'Enter a valid email address',
                  })}
                  error={Boolean(problem('contactEmail'))}
                  helperText={problem('contactEmail')}
                />
                <TextField
                  label="Contact phone"
                  type="tel"
                  fullWidth
                  {...register(`stops.${index}.contactPhone`)}
                />
              </Stack>
            </Stack>
          </Paper>
        );
      })}
      <Stack direction="row" spacing={1}>
        <Button startIcon={<AddIcon />} onClick={() => stops.append(emptyStop('Pickup'))}>
          Add Pickup
        </Button>
        <Button startIcon={<AddIcon />} onClick={() => stops.append(emptyStop('Delivery'))}>
          Add Delivery
        </Button>
      </Stack>
    </Section>
  );
}

const stopCity = (stop: OrderValues['stops'][number]) =>
  stop.location?.location?.city ?? stop.location?.typedIn?.city ?? '';

function LineItemsSection({ control, register, watch, errors }: SectionProps) {
  const items = useFieldArray({ control, name: 'lineItems' });
  const stops = watch('stops');
  const stopChoices = (type: 'Pickup' | 'Delivery') =>
    stops
      .map((stop, index) => ({ stop, index }))
      .filter(({ stop }) => stop.type === type)
      .map(({ stop, index }) => (
        <MenuItem key={index} value={index}>
          Stop {index + 1}
          {stopCity(stop) ? ` · ${stopCity(stop)}` : ''}
        </MenuItem>
      ));
  return (
    <Section title="Line Items">
      {items.fields.map((field, index) => {
        const itemErrors = errors.lineItems?.[index];
        const problem = (name: keyof NonNullable<typeof itemErrors>) =>
          (itemErrors?.[name] as { message?: string } | undefined)?.message;
        const hazmatRule = (message: string) => (value: string, values: OrderValues) => {
          const item = values.lineItems[index];
          const any = Boolean(item && (item.hazmatClass || item.hazmatGroup || item.unNumber));
          return !any || value.trim() !== '' || message;
        };
        return (
          <Paper
            key={field.id}
            variant="outlined"
            role="group"
            aria-label={`Line item ${index + 1}`}
            sx={{ p: { xs: 1.5, md: 2 } }}
          >
            <Stack spacing={2}>
              <Stack direction="row" spacing={1} sx={{ alignItems: 'center' }}>
                <Typography variant="subtitle1" component="h3" sx={{ flex: 1, fontWeight: 600 }}>
                  Line item {index + 1}
                </Typography>
                {items.fields.length > 1 && (
                  <IconButton
                    aria-label={`Remove line item ${index + 1}`}
                    onClick={() => items.remove(index)}
                  >
                    <DeleteIcon />
                  </IconButton>
                )}
              </Stack>
              <TextField
                label="Description"
                required
                fullWidth
                {...register(`lineItems.${index}.description`, {
                  validate: (value) => value.trim() !== '' || 'Describe the freight',
                })}
                error={Boolean(problem('description'))}
                helperText={problem('description')}
              />
              <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
                <Controller
                  control={control}
                  name={`lineItems.${index}.pickupStop`}
                  rules={{
                    validate: (value, values) =>
                      values.stops[value]?.type === 'Pickup' || `Stop ${value + 1} is not a pickup`,
                  }}
                  render={({ field: stopField, fieldState }) => (
                    <TextField
                      select
                      label="Pickup stop"
                      fullWidth
                      {...stopField}
                      error={Boolean(fieldState.error)}
                      helperText={fieldState.error?.message}
                    >
                      {stopChoices('Pickup')}
                    </TextField>
                  )}
                />
                <Controller
                  control={control}
                  name={`lineItems.${index}.deliveryStop`}
                  rules={{
                    validate: (value, values) =>
                      values.stops[value]?.type === 'Delivery' ||
                      `Stop ${value + 1} is not a delivery`,
                  }}
                  render={({ field: stopField, fieldState }) => (
                    <TextField
                      select
                      label="Delivery stop"
                      fullWidth
                      {...stopField}
                      error={Boolean(fieldState.error)}
                      helperText={fieldState.error?.message}
                    >
                      {stopChoices('Delivery')}
                    </TextField>
                  )}
                />
                <Controller
                  control={control}
                  name={`lineItems.${index}.freightClass`}
                  render={({ field: classField }) => (
                    <TextField select label="Freight class" fullWidth {...classField}>
                      <MenuItem value="">Not set</MenuItem>
                      {FREIGHT_CLASSES.map((freightClass) => (
                        <MenuItem key={freightClass} value={String(freightClass)}>
                          {freightClass}
                        </MenuItem>
                      ))}
                    </TextField>
                  )}
                />
              </Stack>
              <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
                <Controller
                  control={control}
                  name={`lineItems.${index}.packageType`}
                  render={({ field: typeField }) => (
                    <TextField select label="Package type" fullWidth {...typeField}>
                      {PACKAGE_TYPES.map((type) => (
                        <MenuItem key={type} value={type}>
                          {type}
                        </MenuItem>
                      ))}
                    </TextField>
                  )}
                />
                <TextField
                  label="Packages"
                  type="number"
                  required
                  fullWidth
                  {...register(`lineItems.${index}.packageCount`, {
                    validate: (value) =>
                      (Number.isInteger(Number(value)) && Number(value) >= 1 && value !== '') ||
                      'Enter at least 1 package',
                  })}
                  error={Boolean(problem('packageCount'))}
                  helperText={problem('packageCount')}
                />
                <TextField
                  label="Weight (lb)"
                  type="number"
                  required
                  fullWidth
                  {...register(`lineItems.${index}.weightPounds`, {
                    validate: (value) =>
                      (value !== '' && Number(value) > 0 && Number(value) <= 100000) ||
                      'Enter a weight from 1 to 100,000 lb',
                  })}
                  error={Boolean(problem('weightPounds'))}
                  helperText={problem('weightPounds')}
                />
              </Stack>
              <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
                <TextField
                  label="Length (in)"
                  type="number"
                  fullWidth
                  {...register(`lineItems.${index}.lengthInches`)}
                />
                <TextField
                  label="Width (in)"
                  type="number"
                  fullWidth
                  {...register(`lineItems.${index}.widthInches`)}
                />
                <TextField
                  label="Height (in)"
                  type="number"
                  fullWidth
                  {...register(`lineItems.${index}.heightInches`)}
                />
              </Stack>
              <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
                <TextField
                  label="Hazmat packing group"
                  fullWidth
                  {...register(`lineItems.${index}.hazmatGroup`, {
                    validate: (value, values) => {
                      const rule = hazmatRule('Enter the packing group: I, II or III')(
                        value,
                        values,
                      );
                      if (rule !== true) return rule;
                      return (
                        value === '' || ['I', 'II', 'III'].includes(value) || 'Enter I, II or III'
                      );
                    },
                  })}
                  error={Boolean(problem('hazmatGroup'))}
                  helperText={problem('hazmatGroup')}
                />
                <TextField
                  label="Hazmat class"
                  fullWidth
                  {...register(`lineItems.${index}.hazmatClass`, {
                    validate: hazmatRule('Enter the hazmat class'),
                  })}
                  error={Boolean(problem('hazmatClass'))}
                  helperText={problem('hazmatClass')}
                />
                <TextField
                  label="UN number"
                  fullWidth
                  {...register(`lineItems.${index}.unNumber`, {
                    validate: (value, values) => {
                      const rule = hazmatRule('Enter the UN number')(value, values);
                      if (rule !== true) return rule;
                      return (
                        value === '' ||
                        /^(UN|NA)\d{4}$/.test(value) ||
                        'Enter the UN number as UN or NA and 4 digits (UN1203)'
                      );
                    },
                  })}
                  error={Boolean(problem('unNumber'))}
                  helperText={problem('unNumber')}
                />
              </Stack>
            </Stack>
          </Paper>
        );
      })}
      <Box>
        <Button
          startIcon={<AddIcon />}
          onClick={() => {
            const pickup = stops.findIndex((stop) => stop.type === 'Pickup');
            const delivery = stops.findLastIndex((stop) => stop.type === 'Delivery');
            items.append(emptyLineItem(Math.max(pickup, 0), Math.max(delivery, 0)));
          }}
        >
          Add Line Item
        </Button>
      </Box>
    </Section>
  );
}

function ReferencesSection({ control, register }: SectionProps) {
  const references = useFieldArray({ control, name: 'referenceNumbers' });
  return (
    <Section title="References and Requirements">
      {references.fields.map((field, index) => (
        <Stack
          key={field.id}
          direction={{ xs: 'column', sm: 'row' }}
          spacing={2}
          sx={{ alignItems: { sm: 'center' } }}
        >
          <Controller
            control={control}
            name={`referenceNumbers.${index}.label`}
            render={({ field: labelField }) => (
              <TextField select label="Reference type" fullWidth {...labelField}>
                {REFERENCE_LABELS.map((label) => (
                  <MenuItem key={label} value={label}>
                    {label}
                  </MenuItem>
                ))}
              </TextField>
            )}
          />
          <TextField
            label="Reference number"
            fullWidth
            {...register(`referenceNumbers.${index}.value`)}
          />
          <IconButton
            aria-label={`Remove reference ${index + 1}`}
            onClick={() => references.remove(index)}
          >
            <DeleteIcon />
          </IconButton>
        </Stack>
      ))}
      <Box>
        <Button
          startIcon={<AddIcon />}
          onClick={() => references.append({ label: 'Purchase Order', value: '' })}
        >
          Add Reference
        </Button>
      </Box>
      <TextField
        label="Requirements"
        fullWidth
        helperText="Separate with commas: Liftgate, TWIC, Tarps"
        {...register('requirements')}
      />
      <TextField
        label="Special instructions"
        fullWidth
        multiline
        minRows={2}
        {...register('specialInstructions')}
      />
    </Section>
  );
}
